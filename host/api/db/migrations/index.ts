import type { Migration } from '../migrate';
import { accounts } from './0001-accounts';
import { content } from './0002-content';
import { seedContent } from './0003-seed';
import { certification } from './0004-certification';
import { chat } from './0007-chat';
import { reserved5, reserved6 } from './reserved';

/** Every migration, in order. Add new ones at the end; never edit an applied one. */
export const migrations: readonly Migration[] = [
  accounts,
  content,
  seedContent,
  certification,
  reserved5,
  reserved6,
  chat,
];
