import express, { type Request, type Response, Router } from 'express';
import { FEEDBACK_TOPICS, type FeedbackTopic } from '../../contract/feedback';
import type { DeskFeedback, FeedbackShown } from '../feedback/feedback-store';
import { formToken, idParam, type Studio, sendStudioMessage, sendStudioPage, sessionOf, signedIn } from './context';
import { csvTable, csvTime, sendCsv } from './csv';
import { DESK_PAGE_SIZE, deskTime, EXPORT_LIMIT, Pager, pageOf, today } from './desk-parts';
import { FormErrors, Notice } from './studio-page';

const form = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 10 });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const NOTE_MAX = 500;
/** How much of an entry's text the list shows; its page has all of it. */
const EXCERPT = 60;

const SHOWN: Record<FeedbackShown, string> = { unhandled: '未处理', handled: '已处理', all: '全部' };
const shownOf = (value: unknown): FeedbackShown => (value === 'handled' || value === 'all' ? value : 'unhandled');

const topicName = (topic: string) => FEEDBACK_TOPICS[topic as FeedbackTopic] ?? topic;
const excerpt = (content: string) => (content.length > EXCERPT ? `${content.slice(0, EXCERPT)}…` : content);

const Handled = ({ entry }: { entry: DeskFeedback }) =>
  entry.handledAt ? <span className="tag state">已处理</span> : <span className="tag state state-new">未处理</span>;

const CSV_HEADER = [
  '编号',
  '提交时间',
  '类型',
  '内容',
  '联系人',
  '联系方式',
  '来自页面',
  '状态',
  '处理人',
  '处理时间',
  '处理说明',
];
const csvRow = (entry: DeskFeedback) => [
  entry.id,
  csvTime(entry.createdAt),
  topicName(entry.topic),
  entry.content,
  entry.contactName,
  entry.contact,
  entry.page ?? '',
  entry.handledAt ? '已处理' : '未处理',
  entry.handledBy ?? '',
  csvTime(entry.handledAt),
  entry.handledNote,
];

/** The owner's desk for feedback: what visitors sent, handled or not, each marked handled with a note. */
export function feedbackDeskRoutes(studio: Studio): Router {
  const router = Router();
  const { feedback } = studio.desk;
  const staff = signedIn(studio, 'feedback');
  const by = (res: Response) => ({ id: sessionOf(res).staff.id, name: sessionOf(res).staff.name });

  router.get('/studio/feedback', staff, async (req, res) => {
    const shown = shownOf(req.query.show);
    const page = pageOf(req.query.page);
    const { list, total } = await feedback.list(shown, DESK_PAGE_SIZE, (page - 1) * DESK_PAGE_SIZE);
    const query = new URLSearchParams(shown === 'unhandled' ? {} : { show: shown });
    sendStudioPage(studio, req, res, {
      title: '反馈',
      current: '/studio/feedback',
      children: (
        <div className="card">
          <h1>反馈</h1>
          <nav aria-label="按处理情况" className="switch">
            <ul>
              {(Object.keys(SHOWN) as FeedbackShown[]).map((key) => (
                <li key={key}>
                  <a
                    href={key === 'unhandled' ? '/studio/feedback' : `/studio/feedback?show=${key}`}
                    aria-current={key === shown ? 'page' : undefined}
                  >
                    {SHOWN[key]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="list-head">
            <span role="status">
              {SHOWN[shown]}：共 {total} 条
            </span>
            <a className="button" href={`/studio/feedback/export${query.size ? `?${query}` : ''}`} download>
              导出 CSV（{SHOWN[shown]}）
            </a>
          </p>
          {list.length ? (
            <table className="rows">
              <thead>
                <tr>
                  <th scope="col">内容</th>
                  <th scope="col">类型</th>
                  <th scope="col">提交时间</th>
                  <th scope="col">联系人</th>
                  <th scope="col">状态</th>
                </tr>
              </thead>
              <tbody>
                {list.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <a href={`/studio/feedback/${entry.id}`}>{excerpt(entry.content)}</a>
                    </td>
                    <td data-label="类型">{topicName(entry.topic)}</td>
                    <td data-label="提交时间">{deskTime(entry.createdAt)}</td>
                    <td data-label="联系人">
                      {entry.contactName} {entry.contact}
                    </td>
                    <td data-label="状态">
                      <Handled entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>{shown === 'unhandled' ? '没有待处理的反馈。' : '没有反馈。'}</p>
          )}
          <Pager path="/studio/feedback" query={query} page={page} pageSize={DESK_PAGE_SIZE} total={total} />
        </div>
      ),
    });
  });

  router.get('/studio/feedback/export', staff, async (req, res) => {
    const shown = shownOf(req.query.show);
    const { list } = await feedback.list(shown, EXPORT_LIMIT);
    await studio.audit.record(by(res), 'feedback-exported', '', { count: list.length, show: shown });
    sendCsv(res, `反馈-${today()}.csv`, `feedback-${today()}.csv`, csvTable(CSV_HEADER, list.map(csvRow)));
  });

  const missing = (req: Request, res: Response) =>
    sendStudioMessage(
      studio,
      req,
      res,
      { title: '没有这条反馈', current: '/studio/feedback', link: { href: '/studio/feedback', label: '回到反馈列表' } },
      404,
    );

  const showEntry = (
    req: Request,
    res: Response,
    entry: DeskFeedback,
    refused?: { error: string; note: string },
    status = 200,
  ) => {
    const rows: Array<[string, string]> = [
      ['提交时间', deskTime(entry.createdAt)],
      ['类型', topicName(entry.topic)],
      ['联系人', entry.contactName],
      ['联系方式', entry.contact],
      ['来自页面', entry.page ?? '—'],
    ];
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: `反馈 ${entry.id}`,
        current: '/studio/feedback',
        children: (
          <>
            <p>
              <a href="/studio/feedback">反馈</a> / {entry.id}
            </p>
            <div className="card">
              <h1>反馈 {entry.id}</h1>
              <Notice text={req.query.done === 'handled' ? '已标记为已处理。' : undefined} />
              <FormErrors errors={refused ? { '': refused.error } : {}} />
              <p className="status">
                <Handled entry={entry} />
              </p>
              <dl className="details">
                {rows.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <h2 className="gap">内容</h2>
              <p className="message">{entry.content}</p>
            </div>
            <div className="card">
              <h2>处理</h2>
              {entry.handledAt ? (
                <dl className="details">
                  <div>
                    <dt>处理人</dt>
                    <dd>{entry.handledBy}</dd>
                  </div>
                  <div>
                    <dt>处理时间</dt>
                    <dd>{deskTime(entry.handledAt)}</dd>
                  </div>
                  <div>
                    <dt>说明</dt>
                    <dd className="message">{entry.handledNote || '—'}</dd>
                  </div>
                </dl>
              ) : (
                <form method="post" action={`/studio/feedback/${entry.id}/handle`} noValidate>
                  <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
                  <label htmlFor="field-note">处理说明（如：已电话回复，可不填）</label>
                  <textarea
                    id="field-note"
                    name="note"
                    rows={3}
                    maxLength={NOTE_MAX}
                    defaultValue={refused?.note}
                    className="plain"
                  />
                  <button type="submit">标记为已处理</button>
                </form>
              )}
            </div>
          </>
        ),
      },
      status,
    );
  };

  router.get('/studio/feedback/:id', staff, async (req, res) => {
    const id = idParam(req);
    const entry = id && (await feedback.byId(id));
    if (!entry) return missing(req, res);
    showEntry(req, res, entry);
  });

  router.post('/studio/feedback/:id/handle', staff, form, studio.auth.forms.check, async (req, res) => {
    const id = idParam(req);
    const entry = id && (await feedback.byId(id));
    if (!id || !entry) return missing(req, res);
    const note = text(req.body.note).trim();
    if (note.length > NOTE_MAX)
      return showEntry(req, res, entry, { error: `说明不超过 ${NOTE_MAX} 个字。`, note }, 400);
    const result = await feedback.handle(id, by(res), note);
    if ('missing' in result) return missing(req, res);
    if ('already' in result) {
      const { handledBy, handledAt } = result.already;
      const error = `这条反馈已由${handledBy}于 ${deskTime(handledAt ?? '')} 处理。`;
      return showEntry(req, res, result.already, { error, note }, 409);
    }
    await studio.audit.record(by(res), 'feedback-handled', `反馈 ${id}`, note ? { note } : {});
    res.redirect(303, `/studio/feedback/${id}?done=handled`);
  });
  return router;
}
