import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatConfigFromEnv } from './config-chat';

describe('the chat limits on new conversations', () => {
  it('read CHAT_CONVERSATIONS_PER_VISITOR and CHAT_CONVERSATIONS_PER_ADDRESS (the ceiling) as whole numbers from 1', () => {
    const defaults = chatConfigFromEnv({}, 'local');
    // The defaults (5 per visitor, 50 per address) are the chat service's own.
    assert.deepEqual([defaults.conversationsPerVisitor, defaults.conversationsPerAddress], [undefined, undefined]);
    const set = chatConfigFromEnv(
      { CHAT_CONVERSATIONS_PER_VISITOR: ' 3 ', CHAT_CONVERSATIONS_PER_ADDRESS: '200' },
      'prod',
    );
    assert.deepEqual([set.conversationsPerVisitor, set.conversationsPerAddress], [3, 200]);
    for (const setting of ['CHAT_CONVERSATIONS_PER_VISITOR', 'CHAT_CONVERSATIONS_PER_ADDRESS'])
      for (const value of ['0', '-1', '1.5', 'many'])
        assert.throws(() => chatConfigFromEnv({ [setting]: value }, 'local'), new RegExp(`^Error: ${setting} must be`));
  });
});
