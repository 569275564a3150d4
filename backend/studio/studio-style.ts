/** The studio's one style sheet: plain, legible, a working tool at 390 px and at 1440 px. */
export const STUDIO_STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f2f5fa;color:#1d2129;font:15px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",system-ui,sans-serif}
a{color:#0e42d2}
:focus-visible{outline:2px solid #1664ff;outline-offset:2px}
.skip{position:absolute;left:8px;top:-60px;padding:8px 12px;background:#fff}.skip:focus{top:8px}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:0 16px;padding:4px 16px;background:#1d2129;color:#fff}
.bar .brand{margin:0;padding:10px 0;font-size:16px;font-weight:600}
.bar nav{flex:1}
.bar ul{display:flex;flex-wrap:wrap;margin:0;padding:0;list-style:none}
.bar nav a{display:flex;align-items:center;min-height:44px;padding:0 12px;color:#fff;text-decoration:none}
.bar nav a[aria-current="page"]{box-shadow:inset 0 -3px #4080ff;font-weight:600}
.bar nav a:hover{background:#2e3440}
.who{display:flex;align-items:center;gap:12px}
.who form{margin:0}
.who button{min-height:44px;margin:0;padding:0 14px;border:1px solid #fff;background:transparent;color:#fff}
main{max-width:1080px;margin:24px auto;padding:0 16px}
main.narrow{max-width:440px;margin-top:48px}
.card{margin:0 0 16px;padding:24px;background:#fff;border-radius:8px}
h1{margin:0 0 16px;font-size:22px}h2{margin:0 0 12px;font-size:18px}
label,.label{display:block;margin:16px 0 6px;font-weight:600}
input[type=text],input[type=password],input[type=date],input[type=datetime-local],input:not([type]),select,textarea{width:100%;min-height:44px;padding:8px 12px;border:1px solid #86909c;border-radius:4px;font:inherit}
input[aria-invalid=true],textarea[aria-invalid=true]{border-color:#b42318}
textarea{resize:vertical;font:14px/1.6 ui-monospace,monospace}
.status{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 12px}
.inline{display:flex;flex-wrap:wrap;align-items:end;gap:0 12px}.inline label{flex-basis:100%}.inline input{flex:1;min-width:200px;width:auto}.inline button{margin-top:8px}
a.button{display:inline-flex;align-items:center;min-height:44px;margin-top:20px;padding:8px 24px;border:1px solid #86909c;border-radius:4px;color:#1d2129;text-decoration:none}
fieldset{margin:16px 0 0;padding:0;border:0}legend{padding:0;font-weight:600}
.check{display:flex;align-items:center;gap:8px;min-height:44px;margin:0;font-weight:400}
.check input{width:20px;height:20px;margin:0}
.hint{margin:4px 0 0;color:#4e5969;font-size:13px}
.field-error{margin:4px 0 0;color:#b42318;font-size:14px}
button{min-height:44px;margin-top:20px;padding:8px 24px;border:0;border-radius:4px;background:#1664ff;color:#fff;font:inherit;cursor:pointer}
button.quiet{background:#fff;color:#1d2129;border:1px solid #86909c}
button.danger{background:#b42318}
.actions{display:flex;flex-wrap:wrap;gap:0 12px}
.notice{margin:0 0 16px;padding:10px 14px;border-radius:4px;background:#e8ffea;color:#1d6b2c}
.error{margin:0 0 16px;padding:10px 14px;border-radius:4px;background:#fdecee;color:#b42318}
.tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px;margin:0;padding:0;list-style:none}
.tiles a{display:block;min-height:44px;padding:20px;background:#fff;border-radius:8px;color:#1d2129;text-decoration:none}
.tiles a:hover{box-shadow:0 0 0 2px #4080ff}
.tiles strong{display:block;font-size:28px;line-height:1.2}
table{width:100%;border-collapse:collapse;background:#fff}
th,td{padding:10px 12px;border-bottom:1px solid #e5e6eb;text-align:left;vertical-align:top}
th{color:#4e5969;font-weight:600;font-size:14px}
td a{display:inline-flex;align-items:center;min-height:24px}
.tags{display:flex;flex-wrap:wrap;gap:4px}.tag{padding:0 8px;border-radius:4px;background:#e8f3ff;color:#0e42d2;font-size:13px}
.pager{display:flex;gap:16px;margin:16px 0}.pager a{display:inline-flex;align-items:center;min-height:44px}
.code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
input[type=search]{width:100%;min-height:44px;padding:8px 12px;border:1px solid #86909c;border-radius:4px;font:inherit}
textarea.plain{font:inherit}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:0 16px;align-items:start;margin:0 0 8px}
.filters label{margin-top:0}.filters .actions{grid-column:1/-1;align-items:center}.filters .actions a.button{margin-top:20px}
.list-head{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:0 16px;margin:16px 0 8px}
.list-head a.button{margin-top:0}
.switch ul{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.switch a{display:inline-flex;align-items:center;min-height:44px;padding:0 16px;border:1px solid #86909c;border-radius:4px;color:#1d2129;text-decoration:none}
.switch a[aria-current="page"]{background:#1d2129;border-color:#1d2129;color:#fff}
dl.details{display:grid;grid-template-columns:max-content 1fr;gap:6px 24px;margin:0}
dl.details div{display:contents}dl.details dt{color:#4e5969}dl.details dd{margin:0;overflow-wrap:anywhere}
.message{white-space:pre-wrap;overflow-wrap:anywhere}
h2.gap{margin-top:20px}
.tag.state{white-space:nowrap}.tag.state-new{background:#fff3e8;color:#a3470a}.tag.state-closed{background:#f2f3f5;color:#4e5969}
td a.code{white-space:nowrap}
input[type=file]{display:block;min-height:44px;max-width:100%}input[type=file]::file-selector-button{min-height:44px;margin-right:12px;padding:0 16px}
.thumb img{display:block;width:96px;height:auto;border-radius:4px}
.preview img{max-width:100%;height:auto}.preview figure{margin:16px 0}.preview figcaption{color:#4e5969;font-size:14px}
@media (max-width:719px){
  .bar nav{flex-basis:100%;order:3}.bar nav a{padding:0 10px}
  main{margin-top:16px}.card{padding:16px}
  table.rows thead{display:none}table.rows tr{display:block;padding:8px 0;border-bottom:1px solid #e5e6eb}
  table.rows td{display:block;padding:2px 12px;border:0}
  table.rows td[data-label]::before{content:attr(data-label) "：";color:#4e5969}
  td a{min-height:44px}
  dl.details{grid-template-columns:1fr;gap:0}dl.details dd{margin-bottom:8px}
}`;
