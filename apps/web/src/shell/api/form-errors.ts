import type { FormInstance } from 'antd';
import { i18n } from '../i18n/i18n';
import { isApiError } from './api-error';

/**
 * Puts a failed call's per-field messages (already in the user's language) on the form's fields.
 * Returns the text for anything that belongs to no field of this form, or null when all is shown.
 * `fieldMap` renames server fields to form fields where they differ.
 */
export function showFormError(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  fields: readonly string[],
  fieldMap: Record<string, string> = {},
): string | null {
  if (!isApiError(error)) return i18n.t('errors.unknownTitle');
  if (error.kind === 'network') return i18n.t('errors.networkMessage');
  const placed = error.fieldErrors
    .map((f) => ({ name: fieldMap[f.field] ?? f.field, message: f.message }))
    .filter((f) => fields.includes(f.name));
  if (placed.length > 0) {
    form.setFields(placed.map((f) => ({ name: f.name, errors: [f.message] })));
    const rest = error.fieldErrors.length - placed.length;
    return rest > 0 ? error.errorMessage : null;
  }
  const details = error.fieldErrors.map((f) => f.message).join('；');
  return details || error.errorMessage || i18n.t('errors.unknownTitle');
}

/** The message of a failed call for a toast or an inline alert. */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('errors.unknownTitle');
  if (error.kind === 'network') return i18n.t('errors.networkMessage');
  const details = error.fieldErrors.map((f) => f.message).join('；');
  return details || error.errorMessage || i18n.t('errors.unknownTitle');
}

/**
 * What the server said about a failure, or '' when it said nothing (no envelope, unreachable): the
 * caller then shows the spec's own text for its action (上传失败, 安装失败) instead of 未知错误.
 */
export function failureReason(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return '';
    return error.fieldErrors.map((f) => f.message).join('；') || error.errorMessage;
  }
  return error instanceof Error ? error.message : '';
}
