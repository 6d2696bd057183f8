import { z } from 'zod';

/**
 * Identity calls (spec sections 3-8). Calls marked "encrypted" carry an `EncryptedBody` whose plaintext
 * is `{ timestamp, nonce, payload }`, `payload` being the schema named here (see docs/decisions/0008).
 */

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** Member types of spec section 9: 0 member, 4 trial, agents 1, 2, 41, 42. */
export const memberType = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(41),
  z.literal(42),
]);
export type MemberType = z.infer<typeof memberType>;
export const agentTypes: readonly MemberType[] = [1, 2, 41, 42];
export const trialType: MemberType = 4;

/** Which side of the portal a login is for: the player portal or the agent centre. */
export const loginSide = z.enum(['member', 'agent']);
export type LoginSide = z.infer<typeof loginSide>;

export const publicKey = z.object({
  keyId: z.string(),
  algorithm: z.literal('RSA-OAEP-256+A256GCM'),
  spki: z.string().describe('base64 DER SubjectPublicKeyInfo of the RSA key'),
});
export type PublicKey = z.infer<typeof publicKey>;

export const encryptedBody = z.object({
  keyId: z.string().max(64),
  key: z.string().max(1024).describe('base64 AES-256 key wrapped with RSA-OAEP (SHA-256)'),
  iv: z.string().max(32).describe('base64 12-byte AES-GCM nonce'),
  data: z
    .string()
    .max(96 * 1024)
    .describe('base64 AES-GCM ciphertext with its tag'),
});
export type EncryptedBody = z.infer<typeof encryptedBody>;

export const encryptedPlaintext = z.object({
  timestamp: z.number().int().describe('milliseconds since the epoch; refused when 5 minutes off'),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  payload: z.unknown(),
});

const captchaAnswer = {
  captcha: z.string().trim().max(12).optional(),
  captchaId: z.uuid().optional(),
};

const mobile = {
  mobileNum: z
    .string()
    .trim()
    .regex(/^\d{4,15}$/, 'digits only'),
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/, 'such as +66'),
};

export const loginPayload = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('username'),
    username: trimmed(64),
    password: z.string().min(1).max(128),
    side: loginSide.default('member'),
    ...captchaAnswer,
  }),
  z.object({
    type: z.literal('sms'),
    ...mobile,
    verificationCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'six digits'),
    side: loginSide.default('member'),
  }),
]);
export type LoginPayload = z.input<typeof loginPayload>;

export const secondFactorMethod = z.enum(['mobile', 'email', 'bankAccountName', 'totp']);
export type SecondFactorMethod = z.infer<typeof secondFactorMethod>;

export const loginResult = z.object({
  token: z.string().nullable().describe('null while a second step is required'),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  mustChangePassword: z.boolean().describe('the session may only change the password or log out'),
  memberType,
  secondFactor: z.object({ challengeId: z.uuid(), methods: z.array(secondFactorMethod).min(1) }).nullable(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const secondFactorPayload = z.object({
  challengeId: z.uuid(),
  method: secondFactorMethod,
  answer: z.string().trim().min(1).max(128),
});

export const loginFailureValue = z.object({
  captcha: z.boolean().describe('a captcha is required from now on'),
  retryAfterSeconds: z.number().int().optional(),
});

export const smsRequest = z.object({ ...mobile, ...captchaAnswer });
export const smsSent = z.object({
  expiryMinutes: z.number().int(),
  resendAfterSeconds: z.number().int().describe('60 s times the expiry minutes'),
});
export type SmsSent = z.infer<typeof smsSent>;

export const freePlayPayload = z.object({
  os: z.string().trim().max(32).default('web'),
  platform: z.literal('W'),
  encryptionToken: z.string().max(256).optional(),
  gatewayVersion: z.literal(3),
});

const optionalField = (max: number) => z.string().trim().max(max).optional();

/** Every registration field of spec section 3; which are shown and required is the merchant's. */
export const registerPayload = z.object({
  username: z.string().trim().max(64),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
  payeeName: optionalField(100),
  email: optionalField(254),
  qqNum: optionalField(20),
  mobileNum: optionalField(20),
  countryDialingCode: optionalField(5),
  recommenderId: optionalField(64),
  verificationCode: optionalField(6),
  affiliateCode: optionalField(64),
  referralCode: optionalField(64),
  paymentPassword: optionalField(64),
  line: optionalField(64),
  whatsapp: optionalField(32),
  facebook: optionalField(100),
  wechat: optionalField(64),
  idNumber: optionalField(64),
  nickname: optionalField(64),
  telegram: optionalField(64),
  zalo: optionalField(32),
  birthday: optionalField(10),
  address: optionalField(200),
  nationality: optionalField(64),
  occupation: optionalField(64),
  sourceOfIncome: optionalField(100),
  domain: optionalField(253),
  registerUrl: optionalField(2048),
  registerMethod: z.literal('WEB').default('WEB'),
  termsAccepted: z.literal(true, { error: 'the terms (including being 18 or older) must be accepted' }),
  ...captchaAnswer,
});
export type RegisterPayload = z.input<typeof registerPayload>;

export const affiliateQuery = z.object({ affiliateCode: trimmed(64) });
export const affiliateInfo = z.object({ affiliateCode: z.string(), agentNickname: z.string() });

export const forgotByEmailForm = z.object({ username: trimmed(64), email: trimmed(254) });
export const resetByEmailPayload = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
});
export const resetByPhonePayload = z.object({
  ...mobile,
  verificationCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
});
export const changePasswordPayload = z.object({
  oldPassword: z.string().max(128).optional(),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
});

export const memberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  userName: z.string(),
  nickname: z.string().nullable(),
  type: memberType,
  balance: z.string().describe('decimal string in the currency, e.g. "1234.50"'),
  currencySymbol: z.string(),
  currencyCode: z.string(),
  vip: z.object({ level: z.number().int(), name: z.string().nullable() }),
  unreadMessages: z.number().int(),
  availablePromos: z.number().int(),
  totpEnabled: z.boolean(),
  gmtOffsetMinutes: z.number().int().describe('the merchant time zone offset for the agent clock'),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const sessionInfo = z.object({
  id: z.number().int(),
  current: z.boolean(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  ip: z.string().nullable(),
  /** The raw User-Agent header of the login. */
  userAgent: z.string().nullable(),
  /** What the user agent names (ua-parser-js on the server): "Chrome 131", "Windows 10"; null if nothing. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** mobile, tablet, ...: desktop when the agent names no device type, unknown without an agent. */
  device: z.string(),
  loginMethod: z.enum(['username', 'sms', 'freeplay', 'register', 'reset']),
});
export type SessionInfo = z.infer<typeof sessionInfo>;
export const sessionInfoList = z.array(sessionInfo);
/** DELETE /wps/member/sessions/:id: a session of this account. */
export const sessionIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /wps/captcha: the image as base64 PNG (its id travels in the X-Captcha-Id header). */
export const captchaImage = z.string();

export const totpEnrolment = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export const totpCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
});

/** Spec section 4 forgot-by-email: always this message, whether or not the account exists. */
export const forgotByEmailMessage = 'in_been_out';

/** PUT /wps/member/register/mobile: the mobile-first registration of spec section 7. */
export const registerMobilePayload = z.object({
  ...mobile,
  verificationCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  affiliateCode: optionalField(64),
  referralCode: optionalField(64),
  domain: optionalField(253),
  registerUrl: optionalField(2048),
  registerMethod: z.literal('WEB').default('WEB'),
  termsAccepted: z.literal(true, { error: 'the terms (including being 18 or older) must be accepted' }),
});
export type RegisterMobilePayload = z.input<typeof registerMobilePayload>;

/** GET /wps/member/info/icon: the account's avatar (generated from its name until uploads exist). */
export const memberIcon = z.object({ iconUrl: z.string().describe('a data: URL of an SVG image') });
export type MemberIcon = z.infer<typeof memberIcon>;
