import {
  answer,
  arrayOf,
  bearer,
  bool,
  chatVisitor,
  envelope,
  failure,
  int,
  obj,
  path,
  query,
  read,
  ref,
  str,
} from './openapi-parts';

/** The built-in chat service's paths for visitors (SPEC §4). */
export const chatPaths = {
  '/api/chat/access': {
    get: {
      summary: '调用页面的来源能否使用在线客服（门户自身与 CHAT_PARTNER_ORIGINS；任何来源可读，总是 200）',
      responses: { 200: answer(envelope(obj({ allowed: bool }))) },
    },
  },
  '/api/chat/cards/{key}': read(
    '在线客服卡片（产品 1 / 解决方案 2，按 associationNo）',
    envelope(ref('ConsoleChatCard')),
    [path('key')],
    true,
  ),
  '/api/chat/messages': {
    get: {
      summary: '访客的聊天记录（X-Chat-Visitor 或登录令牌识别访客）',
      parameters: [chatVisitor, query('after', int)],
      responses: {
        200: answer(
          envelope(
            obj({
              conversationId: { type: ['integer', 'null'] },
              agentOnline: bool,
              messages: arrayOf(ref('ChatMessage')),
            }),
          ),
        ),
        400: failure,
        401: failure,
        403: failure,
      },
    },
    post: {
      summary:
        '访客发送消息：文字（不超过 500 字），或卡片 {type: 1 产品 / 2 解决方案, associationNo}，由服务按编号生成标题、简介、图片和站内链接（/product/{associationNo} 或 /solution/{associationNo}），访客给的链接和标题一概不用，未知编号 400；同一 clientId 只存一次；限速',
      parameters: [chatVisitor],
      requestBody: { required: true, content: { 'application/json': { schema: ref('ChatMessageRequest') } } },
      responses: {
        200: answer(envelope(ref('ChatMessage'))),
        400: failure,
        401: failure,
        403: failure,
        429: {
          ...failure,
          description:
            '发送太频繁，或新会话过多：没有会话的访客十分钟内发起的尝试（CHAT_CONVERSATIONS_PER_VISITOR）或同一地址十分钟内的新会话（CHAT_CONVERSATIONS_PER_ADDRESS）已满；msg 说约几分钟后再试，Retry-After 秒',
        },
      },
    },
  },
  '/api/chat/visitors': {
    post: {
      summary:
        '签发匿名访客标识（浏览器保存，作为 X-Chat-Visitor 发送）；previous 为签名前保存的旧标识且已有会话时，签发同一访客的标识；每个地址每小时有限（CHAT_VISITORS_PER_ADDRESS）',
      requestBody: {
        required: false,
        content: { 'application/json': { schema: obj({ previous: str }) } },
      },
      responses: { 200: answer(envelope(obj({ visitor: str }))), 400: failure, 403: failure, 429: failure },
    },
  },
  '/api/chat/metadata': {
    post: {
      summary: '登录访客的姓名和手机号（取自登录账号，只发一次）',
      security: bearer,
      responses: { 200: answer(envelope(obj({ sent: bool }))), 401: failure },
    },
  },
  '/api/chat/events': {
    get: {
      summary: '实时消息流（Server-Sent Events；Last-Event-ID 之后的消息，再推送新消息和客服在线状态）',
      parameters: [chatVisitor, { name: 'Last-Event-ID', in: 'header', required: false, schema: str }],
      responses: {
        200: {
          description:
            'text/event-stream：message（id 为消息 id）、presence；无消息超过 CHAT_STREAM_IDLE_MS 时发送 idle 并结束，页面在访客操作时再连接',
        },
        401: failure,
        403: failure,
        429: {
          description:
            '同一访客（CHAT_STREAMS_PER_VISITOR）或同一地址（CHAT_STREAMS_PER_ADDRESS）的连接已满；Retry-After 秒后再试',
        },
        503: { description: '本实例的连接已满（CHAT_STREAMS_TOTAL）；Retry-After 秒后再试' },
      },
    },
  },
} as const;
