import type { Migration } from '../migrate';
import { accounts } from './0001-accounts';
import { content } from './0002-content';
import { seedContent } from './0003-seed';
import { certification } from './0004-certification';
import { searchAndFeedback } from './0005-search-feedback';
import { orders } from './0006-orders';
import { chat } from './0007-chat';
import { pkce } from './0008-pkce';
import { tokenFamilies } from './0009-token-families';
import { rateLimits } from './0010-rate-limits';
import { codeFamilies } from './0011-code-families';
import { agentSignOuts } from './0012-agent-sign-outs';
import { writeProbe } from './0013-write-probe';
import { refreshGrace } from './0014-refresh-grace';
import { conversationAddress } from './0015-conversation-address';
import { staff } from './0016-staff';
import { publishing } from './0017-publishing';
import { ownersDesk } from './0018-owners-desk';
import { media } from './0019-media';
import { cataloguePublishing } from './0020-catalogue-publishing';
import { pagesPublishing } from './0021-pages-publishing';
import { orderTotals } from './0022-order-totals';

/** Every migration, in order. Add new ones at the end; never edit an applied one. */
export const migrations: readonly Migration[] = [
  accounts,
  content,
  seedContent,
  certification,
  searchAndFeedback,
  orders,
  chat,
  pkce,
  tokenFamilies,
  rateLimits,
  codeFamilies,
  agentSignOuts,
  writeProbe,
  refreshGrace,
  conversationAddress,
  staff,
  publishing,
  ownersDesk,
  media,
  cataloguePublishing,
  pagesPublishing,
  orderTotals,
];
