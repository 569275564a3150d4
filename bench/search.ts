import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { getRaw } from './http';
import { notBuiltYet } from './routes';
import { median, percentile } from './stats';

export const SEARCH_PATH = '/api/search?keyword=';
export const SEARCH_QUERIES = 200;
/** Not timed: the first queries would measure the JIT and SQLite's cold page cache. */
const WARMUP_QUERIES = 20;

/** What visitors type, against the seeded content: words it has and words it has not. */
const GROUPS: Record<string, string[]> = {
  'Chinese, 1 character': ['云', '能', '数', '智', '网', '工', '电', '安'],
  'Chinese, 2 characters': ['工业', '设备', '能源', '质量', '数据', '平台', '安全', '生产', '电池', '物联'],
  'Chinese, 3 characters': ['物联网', '数字化', '云平台', '机器人', '数控机'],
  'Chinese, 4 characters': ['数字孪生', '智能制造', '设备接入', '能源管理', '预测维护', '工业互联'],
  English: ['IoT', 'MES', 'AI', 'OPC UA', 'PLC', 'cloud', 'digital twin', 'iot'],
  misses: ['量子纠缠', '火星', '奶茶店铺', 'xyzzy', 'qwertyuiop', 'nosuchthing'],
};

/** The groups interleaved, then repeated, so every group is spread over the whole run. */
function queries(count: number): Array<{ group: string; keyword: string }> {
  const lists = Object.entries(GROUPS);
  const longest = Math.max(...lists.map(([, words]) => words.length));
  const round: Array<{ group: string; keyword: string }> = [];
  for (let i = 0; i < longest; i++)
    for (const [group, words] of lists) if (i < words.length) round.push({ group, keyword: words[i]! });
  return Array.from({ length: count }, (_, i) => round[i % round.length]!);
}

export type SearchResult =
  | { built: false; note: string }
  | {
      built: true;
      queries: number;
      /** Client-side latency over one keep-alive loopback connection, ms. */
      median: number;
      p99: number;
      byGroup: Record<string, { queries: number; median: number }>;
      /** Queries that did not answer 200. */
      failures: number;
    };

/** Times the portal's search API one query at a time; "not built yet" while it answers 404. */
export async function measureSearch(portalUrl: string): Promise<SearchResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (keyword: string) => getRaw(`${portalUrl}${SEARCH_PATH}${encodeURIComponent(keyword)}`, {}, agent);
  try {
    const probe = await ask('工业');
    if (probe.status === 404) return { built: false, note: notBuiltYet(`GET ${SEARCH_PATH}`, 404) };

    for (const { keyword } of queries(WARMUP_QUERIES)) await ask(keyword);
    const timings: Array<{ group: string; ms: number }> = [];
    let failures = 0;
    for (const { group, keyword } of queries(SEARCH_QUERIES)) {
      const start = performance.now();
      const response = await ask(keyword);
      timings.push({ group, ms: performance.now() - start });
      if (response.status !== 200) failures++;
    }
    const all = timings.map((timing) => timing.ms);
    const byGroup = Object.fromEntries(
      Object.keys(GROUPS).map((group) => {
        const own = timings.filter((timing) => timing.group === group).map((timing) => timing.ms);
        return [group, { queries: own.length, median: median(own) }];
      }),
    );
    return { built: true, queries: all.length, median: median(all), p99: percentile(all, 99), byGroup, failures };
  } finally {
    agent.destroy();
  }
}
