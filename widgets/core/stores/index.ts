export { SERVER_STATE_ID, type ServerState } from '../../../contract/server-state';
export { $chat, type ChatCard, type ChatState, closeChat, messageReceived, openChat } from './chat';
export { $friendlyLinks, type FriendlyLink } from './friendly-links';
export { $isMac, $isMobile, $theme, MOBILE_MAX_WIDTH, type Theme } from './layout';
export { $pageCommon, type PageCommon } from './page-common';
export { readServerState, readServerStateWhenParsed, serverStateRead } from './read-server-state';
export { $companyId, $userInfo, $userInfoLoading, setUserInfo, type UserInfo } from './user';
