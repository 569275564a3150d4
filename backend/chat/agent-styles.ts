/**
 * The agent inbox's rules, sent with its page (under the page's nonce): the list
 * and its paging links look the same before the inbox's script runs, or without it.
 * From 721 px the list and the open conversation fill the window side by side (the
 * list at most 340 px, the conversation all the rest, each scrolling on its own);
 * narrower, the list comes first and the conversation below it, the page scrolling.
 */
export const INBOX_STYLE = `
body:has(.inbox-page){display:flex;flex-direction:column;height:100vh;height:100dvh}
main.inbox-page{flex:1;min-height:0}
.inbox{display:grid;grid-template-columns:clamp(240px,30vw,340px) minmax(0,1fr);height:100%}
.list{overflow-y:auto;border-right:1px solid #e5e6eb;background:#fff}
.list ul{margin:0;padding:0;list-style:none}
.entry{display:grid;gap:2px;width:100%;margin:0;padding:10px 16px;border:0;border-bottom:1px solid #f2f3f5;border-radius:0;background:#fff;color:#1d2129;font:inherit;text-align:left}
a.entry{text-decoration:none}.entry:hover{background:#f7f8fa}
.entry:focus-visible{outline-offset:-3px}
.entry[aria-current="true"]{background:#e8f3ff;box-shadow:inset 4px 0 #1664ff}
.who{display:flex;gap:8px;align-items:baseline;justify-content:space-between}
.who time{color:#4e5969;font-size:12px;white-space:nowrap}
.marks{display:flex;flex-wrap:wrap;gap:6px}
.mark{padding:0 6px;border:1px solid #b42318;border-radius:4px;color:#b42318;font-size:12px;font-weight:600}
.unread{color:#b42318;font-size:12px}
.preview{overflow:hidden;color:#4e5969;font-size:13px;white-space:nowrap;text-overflow:ellipsis}
.filters,.pager{display:flex;flex-wrap:wrap;gap:4px 12px;margin:0;padding:8px 16px}
.filters{border-bottom:1px solid #f2f3f5}
.filters a,.pager a{color:#0e42d2}
.filters a[aria-current="page"]{color:#1d2129;font-weight:600;text-decoration:none}
.pager{padding-top:0;border-bottom:1px solid #e5e6eb}
.pager a{display:inline-block;padding:4px 0}
@media (max-width:1023px){.filters a,.pager a,.scope a{display:inline-flex;align-items:center;min-height:44px}}
.range,.status,.empty{margin:0;padding:8px 16px;color:#4e5969;font-size:13px}
.range:focus{outline:none}
.conversation{display:flex;flex-direction:column;min-height:0;min-width:0;padding:16px 24px}
.conversation h2{margin:0;font-size:18px}.conversation h2:focus{outline:none}
.conversation header p{margin:4px 0 0;color:#4e5969}
.messages{flex:1;margin:12px 0;padding:12px;overflow-y:auto;list-style:none;border-radius:8px;background:#fff}
.message{margin:8px 0}
.message .meta{display:block;color:#4e5969;font-size:12px}
.message .text{white-space:pre-wrap;overflow-wrap:anywhere}
.message.agent{text-align:right}
.system{margin:8px 0;color:#4e5969;font-size:13px;text-align:center}
.card{display:inline-flex;gap:10px;align-items:center;padding:8px;border:1px solid #e5e6eb;border-radius:8px;color:inherit;text-align:left;text-decoration:none}
.card span{display:flex;flex-direction:column}
.conversation textarea{width:100%;padding:8px 10px;border:1px solid #c9cdd4;border-radius:4px;font:inherit}
.conversation .hint{margin:4px 0 0;color:#4e5969;font-size:12px}
@media (hover:none){.conversation .hint{display:none}}
.conversation form button{margin-top:8px}
@media (max-width:720px){
body:has(.inbox-page){display:block;height:auto}
.inbox{grid-template-columns:minmax(0,1fr);grid-template-rows:auto 1fr;height:auto}
.list{max-height:55vh;border-right:0;border-bottom:1px solid #e5e6eb}
.conversation{padding:12px 16px;min-height:60vh}
body>header{padding:10px 16px}
}`;
