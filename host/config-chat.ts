import type { PortalEnvName } from '../contract/environments';
import { originFrom, wholeNumber } from './config-values';

export const CHAT_PROVIDERS = ['builtin', 'meiqia'] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

export interface ChatConfig {
  /** `builtin`: the embedded chat service; `meiqia`: the hosted provider the original site used. */
  provider: ChatProvider;
  /** The hosted provider's enterprise id (required for `meiqia`). */
  meiqiaEntId?: string;
  /** The hosted provider's script. */
  meiqiaScript: string;
  /** Password of the agent inbox (`/chat/agent`); without one the inbox is closed. */
  agentPassword?: string;
  /** Partner origins whose pages may use the chat service (the portal's own origin always may). */
  partnerOrigins: string[];
  /** New conversations one visitor may try per ten minutes (CHAT_CONVERSATIONS_PER_VISITOR, default 5). */
  conversationsPerVisitor?: number;
  /** New conversations from one address per ten minutes, an office's colleagues together (CHAT_CONVERSATIONS_PER_ADDRESS, default 50). */
  conversationsPerAddress?: number;
  /** Visitor ids one address may be issued per hour (CHAT_VISITORS_PER_ADDRESS, default 100). */
  visitorsPerAddress?: number;
  /**
   * Bounds on the live streams: CHAT_STREAMS_PER_VISITOR (default 6),
   * CHAT_STREAMS_PER_ADDRESS (100), CHAT_STREAMS_TOTAL (from the file-descriptor
   * limit, at most 20,000), CHAT_STREAM_IDLE_MS (30 minutes).
   */
  streamLimits?: { perVisitor?: number; perAddress?: number; total?: number; idleMs?: number };
}

/** The agent password of `local` when CHAT_AGENT_PASSWORD is not set (README, printed at start). */
export const LOCAL_AGENT_PASSWORD = 'Agent@2026';
export const MEIQIA_SCRIPT = 'https://static.meiqia.com/widget/loader.js';

function parseOrigins(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((item) => originFrom('CHAT_PARTNER_ORIGINS', item, 'https://partner.example'));
}

/** The chat settings: CHAT_PROVIDER, CHAT_MEIQIA_ENT_ID, CHAT_MEIQIA_SCRIPT, CHAT_AGENT_PASSWORD, CHAT_PARTNER_ORIGINS. */
export function chatConfigFromEnv(env: NodeJS.ProcessEnv, portalEnv: PortalEnvName): ChatConfig {
  const provider = env.CHAT_PROVIDER || 'builtin';
  if (!(CHAT_PROVIDERS as readonly string[]).includes(provider))
    throw new Error(`CHAT_PROVIDER must be one of ${CHAT_PROVIDERS.join(', ')}, not "${provider}"`);
  const meiqiaEntId = env.CHAT_MEIQIA_ENT_ID || undefined;
  if (provider === 'meiqia' && !meiqiaEntId?.match(/^[\w-]{1,64}$/))
    throw new Error('CHAT_PROVIDER=meiqia needs CHAT_MEIQIA_ENT_ID, the enterprise id (letters, digits, - and _)');
  const meiqiaScript = env.CHAT_MEIQIA_SCRIPT || MEIQIA_SCRIPT;
  if (!/^https?:\/\//.test(meiqiaScript)) throw new Error('CHAT_MEIQIA_SCRIPT must be an http(s) address');
  const agentPassword = env.CHAT_AGENT_PASSWORD || (portalEnv === 'local' ? LOCAL_AGENT_PASSWORD : undefined);
  if (agentPassword !== undefined && agentPassword.length < 8)
    throw new Error('CHAT_AGENT_PASSWORD must have at least 8 characters');
  const perAddress = env.CHAT_CONVERSATIONS_PER_ADDRESS?.trim();
  if (perAddress && !/^[1-9]\d{0,5}$/.test(perAddress))
    throw new Error(`CHAT_CONVERSATIONS_PER_ADDRESS must be a whole number from 1, not "${perAddress}"`);
  return {
    provider: provider as ChatProvider,
    conversationsPerVisitor: wholeNumber(env, 'CHAT_CONVERSATIONS_PER_VISITOR'),
    conversationsPerAddress: perAddress ? Number(perAddress) : undefined,
    visitorsPerAddress: wholeNumber(env, 'CHAT_VISITORS_PER_ADDRESS'),
    streamLimits: {
      perVisitor: wholeNumber(env, 'CHAT_STREAMS_PER_VISITOR'),
      perAddress: wholeNumber(env, 'CHAT_STREAMS_PER_ADDRESS'),
      total: wholeNumber(env, 'CHAT_STREAMS_TOTAL', 0),
      idleMs: wholeNumber(env, 'CHAT_STREAM_IDLE_MS', 1000),
    },
    meiqiaEntId,
    meiqiaScript,
    agentPassword,
    partnerOrigins: parseOrigins(env.CHAT_PARTNER_ORIGINS),
  };
}
