import { useEffect, useRef, useState } from 'react';
import { firstPage, type InboxPage, type InboxQuery, inboxHref } from '../../contract/chat-inbox';
import { pageOf } from './api';

/**
 * The rows standing for an address's many conversations that the agent has
 * opened, by address (a row keeps its place as newer conversations from its
 * address take the lead), each with the first page of its list under the list's
 * own search and filters; `null` while it comes. Another search closes them all.
 */
export function useSameAddress(query: InboxQuery) {
  const [opened, setOpened] = useState<ReadonlyMap<string, InboxPage | null>>(new Map());
  const scope = inboxHref({ ...firstPage(query), address: undefined });
  const shownFor = useRef(scope);
  useEffect(() => {
    if (shownFor.current === scope) return;
    shownFor.current = scope;
    setOpened(new Map());
  }, [scope]);

  const load = (address: string, onError: (message: string) => void) => {
    const asked = shownFor.current;
    pageOf({ ...firstPage(query), address }).then(
      (page) =>
        setOpened((now) => (shownFor.current === asked && now.has(address) ? new Map(now).set(address, page) : now)),
      (failure: Error) => onError(failure.message),
    );
  };
  return {
    opened,
    toggle(address: string, onError: (message: string) => void) {
      if (opened.has(address)) {
        const next = new Map(opened);
        next.delete(address);
        setOpened(next);
        return;
      }
      setOpened(new Map(opened).set(address, null));
      load(address, onError);
    },
    /** New messages came: the open lists are asked again. */
    refresh(onError: (message: string) => void) {
      for (const address of opened.keys()) load(address, onError);
    },
  };
}

export type SameAddress = ReturnType<typeof useSameAddress>;
