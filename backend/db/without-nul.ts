import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

const clean = (value: unknown) =>
  typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;

/** Rewrites every string a query sends without NUL characters. */
class NulRemover extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = clean(node.value);
    return value === node.value ? node : ValueNode.create(value);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some((value) => value !== clean(value))
      ? PrimitiveValueListNode.create(node.values.map(clean))
      : node;
  }
}

/**
 * PostgreSQL's text cannot hold a NUL (`invalid byte sequence for encoding
 * "UTF8": 0x00`: a 500 for a chat message or a feedback that carried one), and no
 * real text has one: every string a query sends leaves them out, on both
 * databases alike, so a lookup of `P2025001\0` finds what `P2025001` does.
 */
export class WithoutNul implements KyselyPlugin {
  readonly #remover = new NulRemover();

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return this.#remover.transformNode(node);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}
