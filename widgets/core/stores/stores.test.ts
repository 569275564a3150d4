import { setViewport } from '@web/test-runner-commands';
import { expect } from 'chai';
import { SERVER_STATE_ID } from '../../../contract/server-state';
import { waitFor } from '../../test-support/wait';
import { $chat, closeChat, messageReceived, openChat } from './chat';
import { $isMobile, $theme } from './layout';
import { $pageCommon, type PageCommon } from './page-common';
import { readServerState, readServerStateWhenParsed } from './read-server-state';
import { $companyId, $userInfo, $userInfoLoading, setUserInfo } from './user';

describe('stores', () => {
  it('user info: loading first, then the user and their company, or null', () => {
    expect($userInfoLoading.get()).to.equal(true);
    setUserInfo({ name: '张工', headImg: '', companyId: '1001', userName: 'demo', mobile: '', potalStatus: true });
    expect($userInfoLoading.get()).to.equal(false);
    expect($companyId.get()).to.equal('1001');
    setUserInfo(null);
    expect($userInfo.get()).to.equal(null);
    expect($companyId.get()).to.equal(null);
  });

  it('isMobile follows the viewport live, at 1023 px and below', async () => {
    await setViewport({ width: 1440, height: 900 });
    await waitFor(() => !$isMobile.get(), 'desktop');
    await setViewport({ width: 1023, height: 800 });
    await waitFor(() => $isMobile.get(), 'mobile at 1023 px');
    await setViewport({ width: 1024, height: 800 });
    await waitFor(() => !$isMobile.get(), 'desktop at 1024 px');
  });

  it('chat: unread counts while hidden and resets when shown', () => {
    closeChat();
    messageReceived();
    messageReceived();
    expect($chat.get().unreadMessageCount).to.equal(2);
    openChat({ picUrl: '/p.svg', title: '设备物联平台', description: '连接设备' });
    expect($chat.get()).to.include({ visible: true, unreadMessageCount: 0 });
    expect($chat.get().cardInfo?.title).to.equal('设备物联平台');
    messageReceived();
    expect($chat.get().unreadMessageCount).to.equal(0);
  });

  it('takes what the server already rendered instead of fetching it again', () => {
    const pageCommon = {
      navStatus: true,
      newsCategoryDTOList: [{ id: 1, title: '公司新闻' }],
    } as unknown as PageCommon;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_STATE_ID;
    script.textContent = JSON.stringify({ theme: 'dark', pageCommon });
    document.body.append(script);
    readServerState();
    script.remove();
    expect($theme.get()).to.equal('dark');
    expect($pageCommon.get()).to.deep.equal(pageCommon);
  });

  it('ignores a broken server state', () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_STATE_ID;
    script.textContent = '{"theme": "dark", oops';
    document.body.append(script);
    expect(readServerState()).to.deep.equal({});
    script.remove();
  });

  it('waits for a page still being parsed: its state comes at the end', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const doc = frame.contentDocument!;
    doc.open();
    doc.write('<!doctype html><body><portal-header></portal-header>');
    expect(doc.readyState).to.equal('loading');
    $theme.set('light');
    let read = false;
    const state = readServerStateWhenParsed(doc).then((value) => {
      read = true;
      return value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(read, 'read before the page was parsed').to.equal(false);
    doc.write(`<script type="application/json" id="${SERVER_STATE_ID}">{"theme":"dark"}</script>`);
    doc.close();
    expect(await state).to.deep.equal({ theme: 'dark' });
    expect($theme.get()).to.equal('dark');
    frame.remove();
  });

  it('reads a parsed page at once', async () => {
    $theme.set('light');
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = SERVER_STATE_ID;
    script.textContent = '{"theme":"dark"}';
    document.body.append(script);
    const state = readServerStateWhenParsed(document);
    expect($theme.get(), 'seeded before the promise settles').to.equal('dark');
    expect(await state).to.deep.equal({ theme: 'dark' });
    script.remove();
  });
});
