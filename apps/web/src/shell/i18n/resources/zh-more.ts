import { zhAccount } from './zh-account';
import { zhApiDocs } from './zh-api-docs';
import { zhApplog } from './zh-applog';
import { zhCorp } from './zh-corp';
import { zhCustomPages } from './zh-custom-pages';
import { zhDashboards } from './zh-dashboards';
import { zhDatasource } from './zh-datasource';
import { zhOrg } from './zh-org';
import { zhPackages } from './zh-packages';
import { zhPrint } from './zh-print';
import { zhTables } from './zh-tables';
import { zhTemplates } from './zh-templates';
import { zhTransfer } from './zh-transfer';
import { zhViews } from './zh-views';
import { zhWecom } from './zh-wecom';
import { zhWorkflow } from './zh-workflow';

/** Chinese texts of the pages and dialogs other than /home's (see zh-shell.ts). */
export const zhMore = {
  ...zhDatasource,
  ...zhTables,
  ...zhViews,
  ...zhTransfer,
  ...zhWorkflow,
  org: zhOrg,
  corp: zhCorp,
  applog: zhApplog,
  packages: zhPackages,
  templates: zhTemplates,
  dashboards: zhDashboards,
  customPages: zhCustomPages,
  print: zhPrint,
  wecom: zhWecom,
  apiDocs: zhApiDocs,
  account: zhAccount,
  auth: {
    tagline: '面向团队的低代码业务平台',
    loginTitle: '登录',
    registerTitle: '注册账号',
    account: '账号',
    accountPlaceholder: '手机号或邮箱',
    name: '姓名',
    namePlaceholder: '你的姓名',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    newPasswordPlaceholder: '至少 {{min}} 个字符',
    confirm: '确认密码',
    confirmPlaceholder: '再次输入密码',
    accountRequired: '请输入手机号或邮箱',
    accountInvalid: '请输入正确的手机号或邮箱',
    accountExists: '该账号已注册，请直接登录',
    nameRequired: '请输入姓名',
    nameTooLong: '姓名不能超过 {{max}} 个字符',
    passwordRequired: '请输入密码',
    passwordTooShort: '密码至少需要 {{min}} 个字符',
    passwordTooLong: '密码不能超过 {{max}} 个字符',
    confirmRequired: '请再次输入密码',
    confirmMismatch: '两次输入的密码不一致',
    or: '或',
    wecomLogin: '企业微信登录',
    ssoLogin: '使用企业账号登录',
    loginSubmit: '登录',
    registerSubmit: '注册',
    noAccount: '还没有账号？',
    goRegister: '立即注册',
    hasAccount: '已有账号？',
    goLogin: '直接登录',
    retryIn: '{{seconds}} 秒后可重试',
    loggingOut: '正在退出登录…',
    logoutFailed: '退出失败',
    backToLogin: '返回登录',
  },
};
