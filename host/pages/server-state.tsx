import { SERVER_STATE_ID, type ServerState } from '../../contract/server-state';

/**
 * Hands what the server already knows to the widgets' stores, so they do not fetch
 * it again. A JSON data block is never executed (no nonce needed); `<` is escaped
 * so no value can close the script element.
 */
export function ServerStateScript({ state }: { state: ServerState }) {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return <script type="application/json" id={SERVER_STATE_ID} dangerouslySetInnerHTML={{ __html: json }} />;
}
