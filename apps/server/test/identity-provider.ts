import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { OidcConfig } from '../src/config.js';

/** Who signs in at the provider next (the test plays the person at the provider's login page). */
export interface ProviderAccount {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a random port, for the company sign-in tests.
 * Its login and consent steps answer at once for `next` (or refuse when `refuse` is set), so tests
 * drive the whole redirect dance with real tokens, signatures, PKCE and nonce checks.
 */
export interface IdentityProvider {
  issuer: string;
  /** The configuration the Canopy server needs for this provider. */
  config(extra?: Partial<OidcConfig>): OidcConfig;
  /** Registers Canopy's callback address (known once the Canopy server listens). */
  allow(redirectUri: string): void;
  next: ProviderAccount;
  refuse: string | null;
  close(): Promise<void>;
}

const CLIENT_ID = 'canopy';
const CLIENT_SECRET = 'canopy-test-client-secret-0123456789abcdef';

export async function startIdentityProvider(): Promise<IdentityProvider> {
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end('not ready');
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, ProviderAccount>();

  const idp: IdentityProvider = {
    issuer,
    next: { sub: 'person-1', name: '王芳', email: 'wang.fang@example.com', email_verified: true },
    refuse: null,
    config: (extra = {}) => ({
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scope: 'openid profile email',
      teamCode: '',
      label: '',
      ...extra,
    }),
    allow(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [redirectUri] }],
        findAccount: async (_ctx, sub) => {
          const account = accounts.get(sub);
          return account ? { accountId: sub, claims: async () => ({ ...account }) } : undefined;
        },
        claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
        features: { devInteractions: { enabled: false } },
        pkce: { required: () => true },
        ttl: { Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60, Interaction: 600 },
      });
      // The login and consent pages: answered at once for `idp.next`.
      provider.use(async (ctx, next) => {
        if (!ctx.path.startsWith('/interaction/')) return next();
        const details = await provider.interactionDetails(ctx.req, ctx.res);
        if (idp.refuse) {
          return provider.interactionFinished(ctx.req, ctx.res, {
            error: 'access_denied',
            error_description: idp.refuse,
          });
        }
        if (details.prompt.name === 'login') {
          accounts.set(idp.next.sub, idp.next);
          return provider.interactionFinished(
            ctx.req,
            ctx.res,
            { login: { accountId: idp.next.sub } },
            { mergeWithLastSubmission: false },
          );
        }
        const grant = new provider.Grant({
          accountId: String(details.session?.accountId),
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        return provider.interactionFinished(
          ctx.req,
          ctx.res,
          { consent: { grantId: await grant.save() } },
          { mergeWithLastSubmission: true },
        );
      });
      handler = provider.callback();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return idp;
}
