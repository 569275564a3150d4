import { expect } from 'chai';
import { SERVER_STYLE_ATTRIBUTE } from '../../contract/server-rendering';
import { serverStyles } from './server-styles';

const rootWith = (html: string) => {
  const root = document.createElement('div').attachShadow({ mode: 'open' });
  root.innerHTML = html;
  return root;
};
const rules = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(' ');

describe('serverStyles', () => {
  it('takes the rules the server put in the root, and fetches nothing', () => {
    let fetched = false;
    const make = serverStyles(async () => {
      fetched = true;
      return { default: '' };
    });
    const sheet = make(rootWith(`<style ${SERVER_STYLE_ATTRIBUTE}>.a { color: red; }</style><p class="a"></p>`));
    expect(rules(sheet)).to.equal('.a { color: red; }');
    expect(fetched).to.equal(false);
  });

  it('hides the element until the fetched rules arrive where the server rendered none', async () => {
    let deliver: (css: { default: string }) => void = () => {};
    const sheet = serverStyles(() => new Promise((resolve) => (deliver = resolve)))(rootWith('<p></p>'));
    expect(rules(sheet)).to.equal(':host { visibility: hidden; }');
    deliver({ default: '.b { color: blue; }' });
    await new Promise((resolve) => setTimeout(resolve));
    expect(rules(sheet)).to.equal('.b { color: blue; }');
  });
});
