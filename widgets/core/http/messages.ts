/** What a failed response tells the visitor, by HTTP status (SPEC §8). */
export const STATUS_MESSAGES: Record<number, string> = {
  401: '用户没有权限（令牌、用户名、密码错误）!',
  403: '用户没有访问此系统权限!',
  404: '网络请求错误,未找到该资源!',
  405: '网络请求错误,请求方法未允许!',
  408: '网络请求超时!',
  500: '服务器错误,请联系管理员!',
  501: '网络未实现!',
  502: '网络错误!',
  503: '服务不可用，服务器暂时过载或维护!',
  504: '网络超时!',
  505: 'http版本不支持该请求!',
};

/** For a request that never got an answer (offline, refused, blocked). */
export const NETWORK_FAILURE_MESSAGE = STATUS_MESSAGES[502] as string;

/** 400 shows the server's own message, else the error text; unknown statuses a general one. */
export function messageForStatus(status: number, serverMessage?: string, errorText?: string): string {
  if (status === 400) return serverMessage || errorText || '请求参数错误!';
  return STATUS_MESSAGES[status] ?? `请求失败（${status}）!`;
}
