// A stand-in for the hosted chat provider's loader script (the real one cannot be
// reached from the tests). It takes over `_MEIQIA` the way the real loader does:
// it runs the commands queued in `_MEIQIA.a`, then answers each call at once, and
// records everything in `window.__fakeMeiqia` for the tests to read and drive.
(() => {
  const state = { calls: [], loads: (window.__fakeMeiqia?.loads ?? 0) + 1, visible: false };
  const callbacks = { unread: [], visibility: [], allSet: [] };
  const handle = (command, ...args) => {
    state.calls.push([command, ...args]);
    if (command === 'allSet') callbacks.allSet.push(args[0]);
    if (command === 'getUnreadMsg') callbacks.unread.push(args[0]);
    if (command === 'getPanelVisibility') callbacks.visibility.push(args[0]);
    if (command === 'showPanel' || command === 'hidePanel') {
      state.visible = command === 'showPanel';
      for (const callback of callbacks.visibility) callback(state.visible ? 'visible' : 'invisible');
      if (state.visible) for (const callback of callbacks.unread) callback('hasBeenRead');
    }
  };
  const queued = window._MEIQIA?.a ?? [];
  window._MEIQIA = handle;
  for (const args of queued) handle(...args);
  state.receive = (messages) => {
    for (const callback of callbacks.unread) callback(messages);
  };
  state.closeFromProvider = () => handle('hidePanel');
  window.__fakeMeiqia = state;
  setTimeout(() => {
    for (const callback of callbacks.allSet) callback();
  }, 0);
})();
