import { startCluster } from '../scripts/cluster';
import { type LoadResult, load, warmUp } from './load';

/** A kept page: what most visitors ask for. */
export const CLUSTER_PATH = '/product/1';
const CONNECTIONS = 100;

export interface ClusterResult {
  path: string;
  connections: number;
  /** Through nginx, round robin over two instances on one PostgreSQL. */
  nginx: LoadResult;
  /** One of those instances asked directly, in the same run. */
  direct: LoadResult;
}

/**
 * The cluster of `npm run cluster` (PostgreSQL, two instances, nginx) beside one
 * of its instances asked directly, one after the other in the same run. On one
 * machine the two instances and nginx share its cores with the load generator:
 * the figure says what the proxy costs here, not what a second machine adds.
 */
export async function measureCluster(): Promise<ClusterResult> {
  const cluster = await startCluster();
  try {
    const front = cluster.url + CLUSTER_PATH;
    const direct = (cluster.instances[0]?.url ?? cluster.url) + CLUSTER_PATH;
    await warmUp(front);
    await warmUp(direct);
    const throughNginx = await load(front, CONNECTIONS);
    const oneInstance = await load(direct, CONNECTIONS);
    return { path: CLUSTER_PATH, connections: CONNECTIONS, nginx: throughNginx, direct: oneInstance };
  } finally {
    await cluster.stop();
  }
}
