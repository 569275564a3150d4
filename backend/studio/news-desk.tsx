import express, { type Request, type Response, Router } from 'express';
import * as v from 'valibot';
import type { NewsCategory } from '../../contract/content';
import { type NewsEdit, newsEditSchema } from '../../contract/content-edits';
import type { NewsDesk, NewsState } from '../publishing/news-desk';
import { sanitizeRichText } from '../publishing/rich-text';
import { may } from '../staff/roles';
import { formToken, type Studio, sendStudioMessage, sendStudioPage, sessionOf, signedIn } from './context';
import { Field, FormErrors, Notice, PostButton } from './studio-page';

const form = express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 20 });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'short',
});
const when = (ms: number) => timeFormat.format(ms);

const DONE: Record<string, string> = {
  saved: '草稿已保存。访客仍看到已发布的内容；可先预览。',
  published: '已发布，访客现在就能看到。',
  unpublished: '已撤下，访客打开此地址会看到“页面不存在”。',
  restored: '已恢复这一版本并发布。',
  scheduled: '已设置定时发布。',
  unscheduled: '已取消定时发布。',
  discarded: '已放弃草稿。',
};

const ACTIONS: Record<string, string> = { published: '发布', restored: '恢复并发布', unpublished: '撤下' };
const FIELD_NAMES: Record<keyof NewsEdit, string> = {
  categoryId: '分类',
  title: '标题',
  summary: '摘要',
  source: '来源',
  publishedAt: '发布日期',
  contentHtml: '正文',
};

/** What a revision changed from the one before it, in words. */
function changes(revision: NewsEdit, before: NewsEdit | undefined): string {
  if (!before) return '首次发布';
  const changed = (Object.keys(FIELD_NAMES) as Array<keyof NewsEdit>).filter((key) => revision[key] !== before[key]);
  return changed.length ? `改了${changed.map((key) => FIELD_NAMES[key]).join('、')}` : '内容未变';
}

/** A form's fields as posted, to show again after a refusal. */
type Values = Partial<Record<keyof NewsEdit, string>>;
const valuesOf = (data: NewsEdit): Values => ({
  ...data,
  categoryId: String(data.categoryId),
  publishedAt: data.publishedAt.slice(0, 10),
});

function NewsFields({
  values,
  errors,
  categories,
}: {
  values: Values;
  errors: Record<string, string>;
  categories: NewsCategory[];
}) {
  return (
    <>
      <label htmlFor="field-categoryId">分类</label>
      <select
        id="field-categoryId"
        name="categoryId"
        defaultValue={values.categoryId}
        aria-invalid={errors.categoryId ? true : undefined}
        aria-describedby={errors.categoryId ? 'field-categoryId-error' : undefined}
      >
        <option value="">请选择</option>
        {categories.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.title}
          </option>
        ))}
      </select>
      {errors.categoryId && (
        <p className="field-error" id="field-categoryId-error">
          {errors.categoryId}
        </p>
      )}
      <Field name="title" label="标题" value={values.title} error={errors.title} maxLength={80} autoComplete="off" />
      <Field
        name="summary"
        label="摘要"
        value={values.summary}
        error={errors.summary}
        maxLength={300}
        rows={3}
        hint="列表和分享卡片上显示，300 字以内"
      />
      <Field name="source" label="来源" value={values.source} error={errors.source} maxLength={40} autoComplete="off" />
      <Field name="publishedAt" label="发布日期" type="date" value={values.publishedAt} error={errors.publishedAt} />
      <Field
        name="contentHtml"
        label="正文（HTML）"
        value={values.contentHtml}
        error={errors.contentHtml}
        rows={14}
        hint="可用段落、小标题、列表、表格、加粗和链接；其他标签和脚本在保存时去掉。"
      />
    </>
  );
}

/** The studio's news: the list, a new item, and each item's draft, preview, publishing and revisions. */
export function newsDeskRoutes(studio: Studio, desk: NewsDesk, categories: () => Promise<NewsCategory[]>): Router {
  const router = Router();
  const editor = signedIn(studio, 'draft');
  const publisher = signedIn(studio, 'publish');
  const by = (res: Response) => ({ id: sessionOf(res).staff.id, name: sessionOf(res).staff.name });

  router.get('/studio/news', editor, async (req, res) => {
    const [rows, drafted] = await Promise.all([desk.list(), desk.drafted()]);
    sendStudioPage(studio, req, res, {
      title: '新闻',
      current: '/studio/news',
      children: (
        <div className="card">
          <h1>新闻</h1>
          <Notice text={DONE[text(req.query.done)]} />
          <p>
            <a className="button" href="/studio/news/new">
              写新闻
            </a>
          </p>
          <table className="rows">
            <thead>
              <tr>
                <th scope="col">标题</th>
                <th scope="col">状态</th>
                <th scope="col">发布日期</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const draft = drafted.get(row.id);
                return (
                  <tr key={row.id}>
                    <td>
                      <a href={`/studio/news/${row.id}`}>{(draft?.data as NewsEdit | undefined)?.title ?? row.title}</a>
                    </td>
                    <td data-label="状态">
                      {row.visible ? '已发布' : '未发布'}
                      {draft && `，有草稿（${draft.updatedBy}）`}
                    </td>
                    <td data-label="发布日期">{row.publishedAt.slice(0, 10)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ),
    });
  });

  const showNew = async (
    req: Request,
    res: Response,
    values: Values = {},
    errors: Record<string, string> = {},
    status = 200,
  ) =>
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: '写新闻',
        current: '/studio/news',
        children: (
          <div className="card">
            <p>
              <a href="/studio/news">新闻</a> / 写新闻
            </p>
            <h1>写新闻</h1>
            <p>保存后是草稿：访客看不到，可以预览，由发布人发布。</p>
            <FormErrors errors={errors} />
            <form method="post" action="/studio/news" noValidate>
              <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
              <NewsFields
                values={{ publishedAt: new Date().toISOString().slice(0, 10), ...values }}
                errors={errors}
                categories={await categories()}
              />
              <button type="submit">保存草稿</button>
            </form>
          </div>
        ),
      },
      status,
    );

  const parse = (body: unknown) => {
    const parsed = v.safeParse(newsEditSchema, body);
    if (parsed.success) {
      const contentHtml = sanitizeRichText(parsed.output.contentHtml);
      // What is left once nothing that runs is: text, or nothing to publish.
      if (contentHtml.replace(/<[^>]*>|&nbsp;|\s/g, '')) return { data: { ...parsed.output, contentHtml } };
      return {
        errors: { contentHtml: '正文没有可显示的文字（脚本和不支持的标签在保存时去掉）' } as Record<string, string>,
      };
    }
    const errors: Record<string, string> = {};
    for (const issue of parsed.issues) errors[v.getDotPath(issue) ?? ''] ??= issue.message;
    return { errors };
  };
  const posted = (body: Record<string, unknown>): Values =>
    Object.fromEntries(Object.keys(FIELD_NAMES).map((key) => [key, text(body[key])]));

  router.get('/studio/news/new', editor, (req, res) => showNew(req, res));
  router.post('/studio/news', editor, form, studio.auth.forms.check, async (req, res) => {
    const { data, errors } = parse(req.body);
    if (!data) return showNew(req, res, posted(req.body), errors, 400);
    const id = await desk.create(data, by(res));
    res.redirect(303, `/studio/news/${id}?done=saved`);
  });

  const idOf = (req: Request) => {
    const id = String(req.params.id ?? '');
    return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined;
  };
  const missing = (req: Request, res: Response) =>
    sendStudioMessage(
      studio,
      req,
      res,
      { title: '没有这条新闻', current: '/studio/news', link: { href: '/studio/news', label: '回到新闻列表' } },
      404,
    );

  const showItem = async (
    req: Request,
    res: Response,
    state: NewsState,
    edit: { values?: Values; errors?: Record<string, string>; scheduleError?: string } = {},
    status = 200,
  ) => {
    const { row, draft, scheduledAt, revisions } = state;
    const errors = edit.errors ?? {};
    const csrf = formToken(studio, req, res);
    const canPublish = may(sessionOf(res).staff.roles, 'publish');
    const values = edit.values ?? valuesOf(draft?.data ?? row);
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: draft?.data.title ?? row.title,
        current: '/studio/news',
        children: (
          <>
            <p>
              <a href="/studio/news">新闻</a> / {row.title}
            </p>
            <div className="card">
              <h1>{draft?.data.title ?? row.title}</h1>
              <Notice text={DONE[text(req.query.done)]} />
              <p className="status">
                <span className="tag">{row.visible ? '已发布' : '未发布'}</span>
                {draft && (
                  <span className="tag">
                    有草稿：{draft.updatedBy}，{when(draft.updatedAt)}
                  </span>
                )}
                {scheduledAt && <span className="tag">定时发布：{when(scheduledAt)}</span>}
              </p>
              <p>
                地址 <a href={`/news/${row.id}`}>/news/{row.id}</a>
                {row.visible ? '' : '（未发布：访客打开会看到“页面不存在”）'}。{' '}
                <a href={`/news/${row.id}?preview=true`} target="_blank" rel="noopener">
                  预览草稿（新窗口）
                </a>
              </p>
              <FormErrors errors={errors} />
              <form method="post" action={`/studio/news/${row.id}`} noValidate>
                <input type="hidden" name="csrf" value={csrf} />
                <NewsFields values={values} errors={errors} categories={await categories()} />
                <button type="submit">保存草稿</button>
              </form>
            </div>
            {canPublish && (
              <div className="card">
                <h2>发布</h2>
                <div className="actions">
                  <PostButton
                    action={`/studio/news/${row.id}/publish`}
                    csrf={csrf}
                    label={draft ? '发布草稿' : row.visible ? '重新发布' : '发布'}
                  />
                  {row.visible && (
                    <PostButton
                      action={`/studio/news/${row.id}/unpublish`}
                      csrf={csrf}
                      label="撤下"
                      className="danger"
                    />
                  )}
                  {draft && (
                    <PostButton
                      action={`/studio/news/${row.id}/discard`}
                      csrf={csrf}
                      label="放弃草稿"
                      className="quiet"
                    />
                  )}
                </div>
                <form method="post" action={`/studio/news/${row.id}/schedule`} className="inline" noValidate>
                  <input type="hidden" name="csrf" value={csrf} />
                  <label htmlFor="field-at">定时发布（北京时间）</label>
                  <input
                    id="field-at"
                    name="at"
                    type="datetime-local"
                    aria-invalid={edit.scheduleError ? true : undefined}
                    aria-describedby={edit.scheduleError ? 'field-at-error' : undefined}
                  />
                  <button type="submit" className="quiet">
                    定时发布
                  </button>
                  {edit.scheduleError && (
                    <p className="field-error" id="field-at-error">
                      {edit.scheduleError}
                    </p>
                  )}
                </form>
                {scheduledAt && (
                  <PostButton
                    action={`/studio/news/${row.id}/unschedule`}
                    csrf={csrf}
                    label="取消定时发布"
                    className="quiet"
                  />
                )}
              </div>
            )}
            <div className="card">
              <h2>版本</h2>
              {revisions.length ? (
                <table className="rows">
                  <thead>
                    <tr>
                      <th scope="col">时间</th>
                      <th scope="col">操作</th>
                      <th scope="col">标题与改动</th>
                      {canPublish && <th scope="col">恢复</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {revisions.map((revision, i) => (
                      <tr key={revision.id}>
                        <td>{when(revision.at)}</td>
                        <td data-label="操作">
                          {revision.byName} {ACTIONS[revision.action] ?? revision.action}
                        </td>
                        <td data-label="标题与改动">
                          {revision.data.title}（{changes(revision.data, revisions[i + 1]?.data)}）
                        </td>
                        {canPublish && (
                          <td>
                            <PostButton
                              action={`/studio/news/${row.id}/restore`}
                              csrf={csrf}
                              fields={{ revision: String(revision.id) }}
                              label="恢复"
                              className="quiet"
                              ariaLabel={`恢复 ${when(revision.at)} 的版本并发布`}
                            />
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p>还没有发布过。</p>
              )}
            </div>
          </>
        ),
      },
      status,
    );
  };

  const withItem =
    (handle: (req: Request, res: Response, id: number, state: NewsState) => Promise<unknown>) =>
    async (req: Request, res: Response) => {
      const id = idOf(req);
      const state = id && (await desk.state(id));
      if (!id || !state) return missing(req, res);
      await handle(req, res, id, state);
    };

  router.get(
    '/studio/news/:id',
    editor,
    withItem((req, res, _id, state) => showItem(req, res, state)),
  );
  router.post(
    '/studio/news/:id',
    editor,
    form,
    studio.auth.forms.check,
    withItem(async (req, res, id, state) => {
      const { data, errors } = parse(req.body);
      if (!data) return showItem(req, res, state, { values: posted(req.body), errors }, 400);
      await desk.saveDraft(id, data, by(res));
      res.redirect(303, `/studio/news/${id}?done=saved`);
    }),
  );
  const act = (path: string, done: string, perform: (req: Request, res: Response, id: number) => Promise<unknown>) =>
    router.post(
      `/studio/news/:id/${path}`,
      publisher,
      form,
      studio.auth.forms.check,
      withItem(async (req, res, id) => {
        if ((await perform(req, res, id)) === false) return missing(req, res);
        res.redirect(303, `/studio/news/${id}?done=${done}`);
      }),
    );
  act('publish', 'published', (_req, res, id) => desk.publish(id, by(res)));
  act('unpublish', 'unpublished', (_req, res, id) => desk.unpublish(id, by(res)));
  act('discard', 'discarded', (_req, res, id) => desk.discardDraft(id, by(res)));
  act('unschedule', 'unscheduled', (_req, res, id) => desk.unschedule(id, by(res)));
  act('restore', 'restored', (req, res, id) => {
    const revision = text(req.body.revision);
    return /^[1-9]\d{0,12}$/.test(revision) ? desk.restore(id, Number(revision), by(res)) : Promise.resolve(false);
  });
  router.post(
    '/studio/news/:id/schedule',
    publisher,
    form,
    studio.auth.forms.check,
    withItem(async (req, res, id, state) => {
      const at = text(req.body.at);
      // The form's local time is Beijing time, whatever the browser's zone.
      const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(at) ? Date.parse(`${at}:00+08:00`) : Number.NaN;
      if (Number.isNaN(ms)) return showItem(req, res, state, { scheduleError: '请选择发布的日期和时间' }, 400);
      if (ms <= Date.now()) return showItem(req, res, state, { scheduleError: '定时发布的时间须在将来' }, 400);
      await desk.schedule(id, ms, by(res));
      res.redirect(303, `/studio/news/${id}?done=scheduled`);
    }),
  );
  return router;
}
