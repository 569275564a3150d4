/**
 * The agent inbox's search, filters and rows standing for one address's many
 * conversations (sent after INBOX_STYLE, whose list they sit in). Every control
 * takes taps over 44 px; a filter's label is part of its box.
 */
export const INBOX_SEARCH_STYLE = `
.search{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:6px 8px;margin:0;padding:8px 16px;border-bottom:1px solid #f2f3f5}
.search>label{grid-column:1/-1;margin:0;color:#4e5969;font-size:13px;font-weight:600}
.search input[type=search]{min-width:0;min-height:44px;padding:8px 10px}
.search button{margin:0;min-height:44px;padding:8px 16px}
.search .switch{grid-column:1/-1;display:flex;align-items:center;gap:8px;min-height:44px;margin:0;font-size:14px;font-weight:400;cursor:pointer}
.search .switch input{flex:none;width:20px;height:20px;margin:0;padding:0}
.scope{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;margin:0;padding:8px 16px;border-bottom:1px solid #f2f3f5;color:#4e5969;font-size:13px}
.scope a{display:inline-block;padding:4px 0;color:#0e42d2}
.list .error:not(:empty){margin:8px 16px}
.signed-in{padding:0 6px;border:1px solid #0e42d2;border-radius:4px;color:#0e42d2;font-size:12px}
.product{overflow:hidden;font-size:13px;white-space:nowrap;text-overflow:ellipsis}
.same-address{display:flex;align-items:center;gap:6px;width:100%;min-height:44px;margin:0;padding:8px 16px 8px 24px;border:0;border-bottom:1px solid #f2f3f5;border-radius:0;background:#f7f8fa;color:#0e42d2;font:inherit;font-size:13px;text-align:left;cursor:pointer}
button.same-address::before{content:"▸"/"";flex:none;width:1em}
button.same-address[aria-expanded="true"]::before{content:"▾"/""}
.same-address:hover{background:#f2f3f5}.same-address:focus-visible{outline-offset:-3px}
.list ul.same-address-list{padding-left:16px;border-bottom:1px solid #e5e6eb;background:#f7f8fa}
.same-address-list .entry{background:#fbfcfd}`;
