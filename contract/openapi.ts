import { accountPaths, signOutPath } from './openapi-account';
import { chatPaths } from './openapi-chat';
import { openApiSchemas } from './openapi-components';
import { portalPaths } from './openapi-portal';

/**
 * The OpenAPI description of the portal API (SPEC §7 and the read calls pages
 * use), the central account service and the chat. Served at `/api/openapi.json`;
 * the API tests validate real answers against it. Its components are generated
 * from the contract's valibot schemas (contract/openapi-components.ts); the
 * paths, which no schema says (addresses, parameters, statuses), are written
 * out by room: openapi-portal.ts, openapi-account.ts, openapi-chat.ts.
 */
export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: '智造云门户 API（内置后端）',
    version: '1.0.0',
    description: '门户 API 与统一账号服务。成功码 0000；失败以 HTTP 状态与 {code, msg, status} 返回，msg 为中文。',
  },
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: openApiSchemas,
  },
  paths: { ...portalPaths, ...accountPaths, ...chatPaths, ...signOutPath },
} as const;
