import Type from 'typebox';
import {
  AccountCheckChallenge,
  AuthorizationCode,
  AuthorizationCodeQuery,
  BasicUser,
  CheckAccountQuery,
  CheckAccountResult,
  LoginBody,
  RegisterBody,
} from './account.js';
import { endpoint } from './endpoint.js';

export const AccountEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/v1/user/register',
    summary: 'Register with mobile or email, name and a transport-hashed password; starts a session',
    tags: ['account'],
    auth: 'none',
    body: RegisterBody,
    response: BasicUser,
  }),
  login: endpoint({
    method: 'POST',
    path: '/v1/user/login',
    summary: 'Log in; starts a new session (new id) in an httpOnly cookie',
    tags: ['account'],
    auth: 'none',
    body: LoginBody,
    response: BasicUser,
  }),
  logout: endpoint({
    method: 'GET',
    path: '/v1/logout',
    summary: 'Revoke the current session',
    tags: ['account'],
    auth: 'optional',
    response: Type.Boolean(),
  }),
  basic: endpoint({
    method: 'GET',
    path: '/v1/user/information/basic',
    summary: 'The signed-in basic user',
    tags: ['account'],
    auth: 'session',
    response: BasicUser,
  }),
  checkAccount: endpoint({
    method: 'GET',
    path: '/v1/user/check/account',
    summary:
      'Whether a mobile or email is already registered; only within a started sign-up (the cookie of POST /v1/user/check/challenge), throttled per address',
    tags: ['account'],
    auth: 'none',
    query: CheckAccountQuery,
    response: CheckAccountResult,
  }),
  checkChallenge: endpoint({
    method: 'POST',
    path: '/v1/user/check/challenge',
    summary: 'Starts a sign-up: a short-lived httpOnly cookie good for a few account look-ups from this address',
    tags: ['account'],
    auth: 'none',
    response: AccountCheckChallenge,
  }),
  terminalCheck: endpoint({
    method: 'GET',
    path: '/v1/token/terminal/check',
    summary: 'Whether this terminal is still logged in',
    tags: ['account'],
    auth: 'optional',
    response: Type.Boolean(),
  }),
  authorizationCode: endpoint({
    method: 'POST',
    path: '/v1/user/information/authorizationCode',
    summary: 'A single-use code (60 s) that opens the product, signed in, in the system browser',
    tags: ['account'],
    auth: 'session',
    query: AuthorizationCodeQuery,
    response: AuthorizationCode,
  }),
} as const;
