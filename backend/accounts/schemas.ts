import * as v from 'valibot';

const text = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message));

export const appId = text(32, '应用编号缺失或过长');
export const redirectUri = v.pipe(
  v.string('回跳地址缺失'),
  v.maxLength(2048, '回跳地址过长'),
  v.url('回跳地址不是有效网址'),
);
/** The one-time value the client wants echoed; URL-safe characters only. */
export const state = v.optional(v.pipe(v.string(), v.regex(/^[\w.~-]{1,256}$/, 'state 只能包含字母、数字和 ._~-')));

/** PKCE (RFC 7636): only S256, a SHA-256 in base64url. */
const codeChallenge = v.optional(v.pipe(v.string(), v.regex(/^[\w-]{43}$/, 'code_challenge 须为 43 位 base64url')));
const codeChallengeMethod = v.optional(v.literal('S256', 'code_challenge_method 只能是 S256'));
/** 43 to 128 unreserved characters (RFC 7636 §4.1). */
const codeVerifier = v.optional(v.pipe(v.string(), v.regex(/^[\w.~-]{43,128}$/, 'code_verifier 格式不正确')));

export const authQuery = v.object({
  appId,
  redirectUri,
  page_type: v.optional(v.picklist(['c', 'b'], 'page_type 只能是 c 或 b')),
  state,
  code_challenge: codeChallenge,
  code_challenge_method: codeChallengeMethod,
});

/** What the sign-in page posts besides the sign-in itself: the request it answers. */
const signInRequest = {
  appId,
  redirectUri,
  page_type: v.optional(v.picklist(['c', 'b'])),
  state,
  code_challenge: codeChallenge,
  code_challenge_method: codeChallengeMethod,
  csrf: v.optional(v.string()),
};

export const signInForm = v.object({
  username: text(64, '请输入账号'),
  password: v.pipe(v.string('请输入密码'), v.minLength(1, '请输入密码'), v.maxLength(128, '密码过长')),
  ...signInRequest,
});

/** The sign-in page sending the sign-in this browser already has (its access token) instead of a password. */
export const existingSignInForm = v.object({
  session: v.pipe(v.string(), v.regex(/^[\w-]{1,200}$/, '登录状态无效')),
  ...signInRequest,
});

export const byCodeQuery = v.object({
  code: text(128, '登录码缺失'),
  appId,
  redirectUri,
  code_verifier: codeVerifier,
});
export const refreshQuery = v.object({ refreshToken: text(128, '刷新令牌缺失') });
export const appQuery = v.object({ appId, code: v.optional(text(64, '菜单编码过长')) });
export const hubQuery = v.object({ appId });
export const logoutQuery = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(128))),
  redirectUri: v.optional(redirectUri),
});
