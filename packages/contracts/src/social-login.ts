import { z } from 'zod';

/**
 * Social login through OpenID Connect (issue 18 item 11, decision 0048; docs/social-login.md): the
 * providers the spec's labels name, configured per merchant in the operator console, and the two calls
 * of the flow (start, then exchange the one-time ticket the callback hands the browser).
 */
export const socialProviders = ['google', 'facebook'] as const;
export const socialProvider = z.enum(socialProviders);
export type SocialProvider = z.infer<typeof socialProvider>;

/** `POST /wps/session/oidc/start`: where the browser goes to sign in with the provider. */
export const socialLoginStartPayload = z.object({
  provider: socialProvider,
  /** The page to come back to after login: a path of this site only. */
  returnTo: z
    .string()
    .max(512)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'a path on this site such as /member')
    .optional(),
});
export type SocialLoginStartPayload = z.input<typeof socialLoginStartPayload>;
export const socialLoginStart = z.object({ authorizationUrl: z.string() });

/** `POST /wps/session/oidc/exchange`: the one-time ticket of the callback's redirect, for a session. */
export const socialLoginExchangePayload = z.object({
  ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the ticket of the login redirect'),
});

/** An issuer: https, or http on a loopback address (a provider run by a test or a developer). */
export const oidcIssuer = z
  .string()
  .trim()
  .max(512)
  .url()
  .refine((value) => {
    // zod runs a refinement after a failed check too: text that is no address is refused, not thrown on.
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  }, 'an https address (http only on 127.0.0.1 or localhost)');

/** A provider as the console shows it; the client secret is never read back. */
export const socialLoginSetting = z.object({
  provider: socialProvider,
  issuer: z.string(),
  clientId: z.string(),
  enabled: z.boolean(),
  secretSet: z.boolean(),
});
export type SocialLoginSetting = z.infer<typeof socialLoginSetting>;

/** `PUT /ops/settings/social`: one provider's settings; without clientSecret the stored one stays. */
export const socialLoginPayload = z.object({
  provider: socialProvider,
  issuer: oidcIssuer,
  clientId: z.string().trim().min(1).max(255),
  clientSecret: z.string().min(1).max(512).optional(),
  enabled: z.boolean(),
});
export type SocialLoginPayload = z.infer<typeof socialLoginPayload>;
