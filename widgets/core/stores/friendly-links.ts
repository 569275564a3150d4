import { atom } from 'nanostores';

export interface FriendlyLink {
  id: number;
  name: string;
  url: string;
}

/** The footer's friendly links; `null` until known. */
export const $friendlyLinks = atom<FriendlyLink[] | null>(null);
