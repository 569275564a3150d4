/** A visitor id as the chat service at `origin` issues one to a browser (ids are signed: none can be made up). */
export async function issuedVisitor(origin: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${origin}/api/chat/visitors`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: '{}',
  });
  const body = (await response.json()) as { result?: { visitor?: string } };
  if (!response.ok || !body.result?.visitor) throw new Error(`no visitor id: HTTP ${response.status}`);
  return body.result.visitor;
}
