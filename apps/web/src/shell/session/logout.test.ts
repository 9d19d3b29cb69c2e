import { ErrorType } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, asErrorEnvelope } from '../api/api-error';
import { logoutFailureText, logoutUrl } from './logout';

const failed = (body: unknown, status = 200) =>
  new ApiError({ kind: 'http', status, path: '/v1/logout', envelope: asErrorEnvelope(body) });

describe('logout (spec §2 host path, §7 GET /v1/logout, §8 failure text)', () => {
  it('goes through the host page /logout with a redirect URL', () => {
    expect(logoutUrl('/members?engineCode=E1')).toBe('/logout?redirect=%2Fmembers%3FengineCode%3DE1');
  });

  it('shows the server message of a BIZ failure that carries no code', () => {
    const error = failed({ errorType: ErrorType.biz, errorMessage: '会话服务暂不可用' });
    expect(error.errorType).toBe(ErrorType.biz);
    expect(logoutFailureText(error, '退出失败')).toBe('会话服务暂不可用');
  });

  it('falls back to the code, then to 退出失败, for BIZ failures', () => {
    expect(logoutFailureText(failed({ errorType: ErrorType.biz, errorCode: 'session.busy' }), '退出失败')).toBe(
      'session.busy',
    );
    // No message and no code from the server: not a made-up code, the fixed text.
    expect(logoutFailureText(failed({ errorType: ErrorType.biz }, 500), '退出失败')).toBe('退出失败');
  });

  it('says 退出失败 for failures that are not business failures', () => {
    const system = failed({ errorType: ErrorType.system, errorCode: 'internal', errorMessage: 'boom' }, 500);
    expect(logoutFailureText(system, '退出失败')).toBe('退出失败');
    expect(logoutFailureText(new ApiError({ kind: 'network', status: 0, path: '/v1/logout' }), '退出失败')).toBe(
      '退出失败',
    );
  });
});
