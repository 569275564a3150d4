import { useEffect, useState } from 'react';
import { firstPage, INBOX_SEARCH_MAX, type InboxQuery } from '../../contract/chat-inbox';
import { SEARCH_WORDS } from '../../contract/chat-inbox-words';

/**
 * The inbox's search and filters, as the server draws them, applied in place:
 * the search when sent (Enter, or the button), a filter as soon as it is ticked.
 * The view (`show`) and an address's list are kept; the place goes (page one).
 */
export function SearchForm({ query, onSearch }: { query: InboxQuery; onSearch: (next: InboxQuery) => void }) {
  const [text, setText] = useState(query.q ?? '');
  const [signedIn, setSignedIn] = useState(Boolean(query.signedIn));
  const [withCard, setWithCard] = useState(Boolean(query.withCard));
  // Another list shown (Back, a tab, clearing): the form says what it lists.
  useEffect(() => {
    setText(query.q ?? '');
    setSignedIn(Boolean(query.signedIn));
    setWithCard(Boolean(query.withCard));
  }, [query.q, query.signedIn, query.withCard]);

  const apply = (changes: Partial<InboxQuery>) =>
    onSearch({
      ...firstPage(query),
      q: text.trim() || undefined,
      signedIn: signedIn || undefined,
      withCard: withCard || undefined,
      ...changes,
    });
  return (
    <form
      className="search"
      method="get"
      action="/chat/agent"
      onSubmit={(event) => {
        event.preventDefault();
        apply({});
      }}
    >
      <label htmlFor="inbox-search">{SEARCH_WORDS.label}</label>
      <input
        id="inbox-search"
        type="search"
        name="q"
        value={text}
        maxLength={INBOX_SEARCH_MAX}
        onInput={(event) => setText((event.target as HTMLInputElement).value)}
      />
      <button type="submit">{SEARCH_WORDS.submit}</button>
      <label className="switch">
        <input
          type="checkbox"
          name="signed-in"
          value="1"
          checked={signedIn}
          onChange={(event) => {
            const on = (event.target as HTMLInputElement).checked;
            setSignedIn(on);
            apply({ signedIn: on || undefined });
          }}
        />{' '}
        {SEARCH_WORDS.signedIn}
      </label>
      <label className="switch">
        <input
          type="checkbox"
          name="card"
          value="1"
          checked={withCard}
          onChange={(event) => {
            const on = (event.target as HTMLInputElement).checked;
            setWithCard(on);
            apply({ withCard: on || undefined });
          }}
        />{' '}
        {SEARCH_WORDS.withCard}
      </label>
    </form>
  );
}
