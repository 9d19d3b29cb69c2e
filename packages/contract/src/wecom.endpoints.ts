import Type from 'typebox';
import { endpoint } from './endpoint.js';
import { JsApiTicket, JsApiTicketQuery, WecomBinding, WecomTicket } from './wecom.js';

export const WecomEndpoints = {
  jsApiTicket: endpoint({
    method: 'GET',
    path: '/v1/wechat/jsapiticket',
    summary: "The current team's WeCom JS-SDK ticket (corpId must be the current team's)",
    tags: ['wecom'],
    auth: 'session',
    query: JsApiTicketQuery,
    response: JsApiTicket,
  }),
  agentTicket: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/wecom/standard/agent/jsapiticket',
    summary: "The WeCom corp and app tickets for wx.config and wx.agentConfig (a WeCom team's members)",
    tags: ['wecom'],
    auth: 'session',
    response: WecomTicket,
  }),
  binding: endpoint({
    method: 'GET',
    path: '/v1/user/wecom/bind',
    summary: "The signed-in account's WeCom binding",
    tags: ['wecom'],
    auth: 'session',
    response: WecomBinding,
  }),
  unbind: endpoint({
    method: 'DELETE',
    path: '/v1/user/wecom/bind',
    summary: "Removes the signed-in account's WeCom binding",
    tags: ['wecom'],
    auth: 'session',
    response: WecomBinding,
  }),
} as const;
