import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config.js';

/**
 * The company's OpenID Connect provider, found once by discovery (`.well-known/openid-configuration`)
 * and kept; a failed discovery is not kept, so the next sign-in tries again. An `http:` issuer (an
 * intranet provider, or the one the tests start) is allowed because the instance's operator chose it.
 */
export class OidcProvider {
  private found: Promise<oidc.Configuration> | null = null;

  constructor(readonly config: OidcConfig) {}

  configuration(): Promise<oidc.Configuration> {
    if (!this.found) {
      const issuer = new URL(this.config.issuer);
      const insecure = issuer.protocol === 'http:';
      this.found = oidc
        .discovery(
          issuer,
          this.config.clientId,
          this.config.clientSecret,
          undefined,
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((e: unknown) => {
          this.found = null;
          throw e;
        });
    }
    return this.found;
  }
}

export interface StartedLogin {
  url: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The address to send the browser to, with PKCE (S256), state and nonce. */
export async function authorizationUrl(provider: OidcProvider, redirectUri: string): Promise<StartedLogin> {
  const configuration = await provider.configuration();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: provider.config.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, codeVerifier, nonce };
}

/** What Canopy reads of a person from the provider: the ID token's claims and, if offered, userinfo. */
export interface ProviderClaims {
  sub: string;
  name?: string;
  preferredUsername?: string;
  email?: string;
  emailVerified: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** Redeems the code (checking state, nonce and the PKCE verifier) and reads who signed in. */
export async function redeem(
  provider: OidcProvider,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderClaims> {
  const configuration = await provider.configuration();
  const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  let info: Record<string, unknown> = {};
  if (configuration.serverMetadata().userinfo_endpoint)
    info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
  const all: Record<string, unknown> = { ...info, ...idClaims };
  return {
    sub: idClaims.sub,
    name: str(all.name),
    preferredUsername: str(all.preferred_username),
    email: str(all.email)?.toLowerCase(),
    emailVerified: all.email_verified === true,
  };
}
