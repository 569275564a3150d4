/** The small builders the OpenAPI paths are written with (contract/openapi.ts). */

export type Schema = Record<string, unknown>;

export const str = { type: 'string' };
export const int = { type: 'integer' };
export const bool = { type: 'boolean' };
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const arrayOf = (items: Schema) => ({ type: 'array', items });
export const obj = (properties: Record<string, Schema>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});

/** `{code: '0000', result, msg, status}` around a payload. */
export const envelope = (result: Schema) =>
  obj({ code: { const: '0000' }, result, msg: str, status: int }, ['code', 'result']);
/** The legacy `{code, data}` shape of a few site calls. */
export const dataEnvelope = (data: Schema) =>
  obj({ code: { const: '0000' }, data, msg: str, status: int }, ['code', 'data']);
export const paged = (item: Schema) => obj({ list: arrayOf(item), total: int, page: int, pageSize: int });

export const failure = {
  description: '失败：{code, msg, status}',
  content: { 'application/json': { schema: ref('Failure') } },
};
export const answer = (schema: Schema, description = '成功') => ({
  description,
  content: { 'application/json': { schema } },
});

export const query = (name: string, schema: Schema, required = false, description?: string) => ({
  name,
  in: 'query',
  required,
  schema,
  description,
});
export const path = (name: string, schema: Schema = str) => ({ name, in: 'path', required: true, schema });
export const bearer = [{ bearer: [] }];
export const companyHeader = {
  name: 'companyId',
  in: 'header',
  required: false,
  schema: str,
  description: '调用方企业；非本企业则 403，0 表示无',
};
export const chatVisitor = {
  name: 'X-Chat-Visitor',
  in: 'header',
  required: false,
  schema: str,
  description:
    '匿名访客的标识，由 POST /api/chat/visitors 签发并签名，浏览器保存后原样发送；服务未签发的标识 401（code E0401V，请重新申请）；带有效登录令牌时以令牌为准',
};
export const paging = [query('page', int), query('pageSize', int)];

export const read = (summary: string, schema: Schema, parameters: unknown[] = [], notFound = false) => ({
  get: {
    summary,
    parameters,
    responses: { 200: answer(schema), 400: failure, ...(notFound ? { 404: failure } : {}) },
  },
});

export const signedIn = (method: 'get' | 'post', summary: string, schema: Schema, body?: Schema) => ({
  [method]: {
    summary,
    security: bearer,
    parameters: [companyHeader],
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses: {
      200: answer(schema),
      400: failure,
      401: failure,
      403: failure,
      404: failure,
      409: failure,
      413: failure,
    },
  },
});
