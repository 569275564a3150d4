import express, { type Request, type Response, Router } from 'express';
import type { ReactElement } from 'react';
import * as v from 'valibot';
import type { ContentDesk, ItemState } from '../publishing/content-desk';
import { sanitizeRichText } from '../publishing/rich-text';
import { may } from '../staff/roles';
import {
  formToken,
  idParam,
  type Studio,
  type StudioDesk,
  sendStudioMessage,
  sendStudioPage,
  sessionOf,
  signedIn,
} from './context';
import { FormErrors, Notice, PostButton } from './studio-page';

/** The navigation entry every kind's pages belong to. */
const CONTENT_HUB = '/studio/content';

// Room for a form's check boxes (the common data's products and solutions).
const form = express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 200 });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'short',
});
const when = (ms: number) => timeFormat.format(ms);

/** A public address with `preview=true` added: before its anchor, after any query. */
export const previewOf = (address: string) => {
  const [path = '', anchor] = address.split('#', 2);
  return `${path}${path.includes('?') ? '&' : '?'}preview=true${anchor === undefined ? '' : `#${anchor}`}`;
};

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

/** A form's fields as text: as posted, or as an item's data shows in the form. */
export type FormValues<T> = Partial<Record<keyof T & string, string>>;

/**
 * How the studio shows one kind of content: its addresses, its words, its
 * form. Everything else (list, drafts, preview link, publishing, schedule,
 * revisions and restore) is the same for every kind.
 */
export interface DeskView<T, Options = undefined> {
  /** The kind's address in the studio, e.g. `/studio/news`. */
  base: string;
  words: {
    /** The list's name, e.g. 新闻. */
    list: string;
    /** The new item's page, e.g. 写新闻. */
    create: string;
    /** An address that names no item, e.g. 没有这条新闻. */
    missing: string;
  };
  /** The item's public page, or the page it shows on (its own anchor, a list, any page for the footer). */
  publicPath(id: number, data: T): string;
  /**
   * Where an item without a page of its own shows, e.g. 每个页面的页脚: the
   * item page says so instead of its address (a hidden item then is simply not
   * shown, not a page that is not found).
   */
  shownOn?: string;
  /** False where the preview shows nothing of the kind (the header and footer are hidden in it). */
  preview?: boolean;
  /** The one item of a kind that has only one (the common data): the desk opens it directly. */
  only?: number;
  /** What an editor may save: the contract's schema for the kind. */
  schema: v.GenericSchema<unknown, T>;
  /** Each field's name, for errors and for what a revision changed. */
  fieldNames: Record<keyof T & string, string>;
  /** Rich-text fields, sanitised on save by the pages' rules. */
  richText?: ReadonlyArray<keyof T & string>;
  /** The item's data as the form shows it. */
  valuesOf(data: T): FormValues<T>;
  /** A new item's form, before anything is typed. */
  newValues?(): FormValues<T>;
  /** What the form's choices need (categories, products), read once per form shown. */
  options(): Promise<Options>;
  Fields(props: { values: FormValues<T>; errors: Record<string, string>; options: Options }): ReactElement;
  /** A column of the list beside the title and state, e.g. the date. */
  listColumn?: { label: string; value(data: T): string };
}

/** What a revision changed from the one before it, in words. */
function changes<T>(names: Record<string, string>, revision: T, before: T | undefined): string {
  if (!before) return '首次发布';
  const changed = Object.keys(names).filter(
    (key) => JSON.stringify(revision[key as keyof T]) !== JSON.stringify(before[key as keyof T]),
  );
  return changed.length ? `改了${changed.map((key) => names[key]).join('、')}` : '内容未变';
}

/** The studio's pages for one kind of content: the list, a new item, and each item's draft, preview, publishing and revisions. */
export function contentDeskRoutes<T, Options>(
  studio: Studio,
  desk: ContentDesk<T>,
  view: DeskView<T, Options>,
): Router {
  const router = Router();
  const editor = signedIn(studio, 'draft');
  const publisher = signedIn(studio, 'publish');
  const by = (res: Response) => ({ id: sessionOf(res).staff.id, name: sessionOf(res).staff.name });
  const { base, words } = view;
  const titleOf = (data: T) => desk.content.title(data);
  // A kind of one item has no list: its way back is the content page.
  const back = view.only === undefined ? { href: base, label: words.list } : { href: CONTENT_HUB, label: '内容' };
  const done = (req: Request) =>
    text(req.query.done) === 'unpublished' && view.shownOn ? '已撤下，访客不再看到它。' : DONE[text(req.query.done)];

  router.get(base, editor, async (req, res) => {
    if (view.only !== undefined) return res.redirect(303, `${base}/${view.only}`);
    const [rows, drafted] = await Promise.all([desk.list(), desk.drafted()]);
    sendStudioPage(studio, req, res, {
      title: words.list,
      current: CONTENT_HUB,
      children: (
        <div className="card">
          <h1>{words.list}</h1>
          <Notice text={done(req)} />
          {desk.canCreate && (
            <p>
              <a className="button" href={`${base}/new`}>
                {words.create}
              </a>
            </p>
          )}
          <table className="rows">
            <thead>
              <tr>
                <th scope="col">标题</th>
                <th scope="col">状态</th>
                {view.listColumn && <th scope="col">{view.listColumn.label}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const draft = drafted.get(row.id);
                return (
                  <tr key={row.id}>
                    <td>
                      <a href={`${base}/${row.id}`}>{titleOf(draft?.data ?? row)}</a>
                    </td>
                    <td data-label="状态">
                      {row.visible ? '已发布' : '未发布'}
                      {draft && `，有草稿（${draft.updatedBy}）`}
                    </td>
                    {view.listColumn && <td data-label={view.listColumn.label}>{view.listColumn.value(row)}</td>}
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
    values: FormValues<T> = {},
    errors: Record<string, string> = {},
    status = 200,
  ) =>
    sendStudioPage(
      studio,
      req,
      res,
      {
        title: words.create,
        current: CONTENT_HUB,
        richText: Boolean(view.richText?.length),
        children: (
          <div className="card">
            <p>
              <a href={base}>{words.list}</a> / {words.create}
            </p>
            <h1>{words.create}</h1>
            <p>保存后是草稿：访客看不到，可以预览，由发布人发布。</p>
            <FormErrors errors={errors} />
            <form method="post" action={base} noValidate>
              <input type="hidden" name="csrf" value={formToken(studio, req, res)} />
              <view.Fields
                values={{ ...view.newValues?.(), ...values }}
                errors={errors}
                options={await view.options()}
              />
              <button type="submit">保存草稿</button>
            </form>
          </div>
        ),
      },
      status,
    );

  const parse = async (
    body: unknown,
    id?: number,
  ): Promise<{ data: T; errors?: undefined } | { data?: undefined; errors: Record<string, string> }> => {
    const parsed = v.safeParse(view.schema, body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.issues) errors[v.getDotPath(issue) ?? ''] ??= issue.message;
      return { errors };
    }
    const data = { ...parsed.output };
    for (const field of view.richText ?? []) {
      const html = sanitizeRichText(String(data[field]));
      // What is left once nothing that runs is: text, or nothing to publish.
      if (!html.replace(/<[^>]*>|&nbsp;|\s/g, ''))
        return {
          errors: { [field]: `${view.fieldNames[field]}没有可显示的文字（脚本和不支持的标签在保存时去掉）` },
        };
      (data as Record<string, unknown>)[field] = html;
    }
    const clashes = await desk.clashes(data, id);
    return clashes ? { errors: clashes } : { data };
  };
  // Check boxes of one name come as a list: kept as the form shows them, comma-separated.
  const posted = (body: Record<string, unknown>): FormValues<T> =>
    Object.fromEntries(
      Object.keys(view.fieldNames).map((key) => [
        key,
        Array.isArray(body[key]) ? body[key].map(text).join(',') : text(body[key]),
      ]),
    ) as FormValues<T>;

  if (desk.canCreate) {
    router.get(`${base}/new`, editor, (req, res) => showNew(req, res));
    router.post(base, editor, form, studio.auth.forms.check, async (req, res) => {
      const { data, errors } = await parse(req.body);
      if (!data) return showNew(req, res, posted(req.body), errors, 400);
      const id = await desk.create(data, by(res));
      res.redirect(303, `${base}/${id}?done=saved`);
    });
  }

  const missing = (req: Request, res: Response) =>
    sendStudioMessage(
      studio,
      req,
      res,
      { title: words.missing, current: CONTENT_HUB, link: { href: back.href, label: `回到${back.label}` } },
      404,
    );

  const showItem = async (
    req: Request,
    res: Response,
    state: ItemState<T>,
    edit: { values?: FormValues<T>; errors?: Record<string, string>; scheduleError?: string } = {},
    status = 200,
  ) => {
    const { row, draft, scheduledAt, revisions } = state;
    const errors = edit.errors ?? {};
    const csrf = formToken(studio, req, res);
    const canPublish = may(sessionOf(res).staff.roles, 'publish');
    const values = edit.values ?? view.valuesOf(draft?.data ?? row);
    const title = titleOf(draft?.data ?? row);
    const address = view.publicPath(row.id, draft?.data ?? row);
    const action = `${base}/${row.id}`;
    sendStudioPage(
      studio,
      req,
      res,
      {
        title,
        current: CONTENT_HUB,
        richText: Boolean(view.richText?.length),
        children: (
          <>
            <p>
              <a href={back.href}>{back.label}</a> / {titleOf(row)}
            </p>
            <div className="card">
              <h1>{title}</h1>
              <Notice text={done(req)} />
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
                地址 <a href={address}>{address}</a>
                {view.shownOn && `（显示在${view.shownOn}）`}
                {row.visible ? '' : view.shownOn ? '（未发布：访客看不到）' : '（未发布：访客打开会看到“页面不存在”）'}
                。{' '}
                {view.preview !== false && (
                  <a href={previewOf(address)} target="_blank" rel="noopener">
                    预览草稿（新窗口）
                  </a>
                )}
              </p>
              <FormErrors errors={errors} />
              <form method="post" action={action} noValidate>
                <input type="hidden" name="csrf" value={csrf} />
                <view.Fields values={values} errors={errors} options={await view.options()} />
                <button type="submit">保存草稿</button>
              </form>
            </div>
            {canPublish && (
              <div className="card">
                <h2>发布</h2>
                <div className="actions">
                  <PostButton
                    action={`${action}/publish`}
                    csrf={csrf}
                    label={draft ? '发布草稿' : row.visible ? '重新发布' : '发布'}
                  />
                  {row.visible && desk.canHide(row.id) && (
                    <PostButton action={`${action}/unpublish`} csrf={csrf} label="撤下" className="danger" />
                  )}
                  {draft && <PostButton action={`${action}/discard`} csrf={csrf} label="放弃草稿" className="quiet" />}
                </div>
                <form method="post" action={`${action}/schedule`} className="inline" noValidate>
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
                  <PostButton action={`${action}/unschedule`} csrf={csrf} label="取消定时发布" className="quiet" />
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
                          {titleOf(revision.data)}（{changes(view.fieldNames, revision.data, revisions[i + 1]?.data)}）
                        </td>
                        {canPublish && (
                          <td>
                            <PostButton
                              action={`${action}/restore`}
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
    (handle: (req: Request, res: Response, id: number, state: ItemState<T>) => Promise<unknown>) =>
    async (req: Request, res: Response) => {
      const id = idParam(req);
      const state = id && (await desk.state(id));
      if (!id || !state) return missing(req, res);
      await handle(req, res, id, state);
    };

  router.get(
    `${base}/:id`,
    editor,
    withItem((req, res, _id, state) => showItem(req, res, state)),
  );
  router.post(
    `${base}/:id`,
    editor,
    form,
    studio.auth.forms.check,
    withItem(async (req, res, id, state) => {
      const { data, errors } = await parse(req.body, id);
      if (!data) return showItem(req, res, state, { values: posted(req.body), errors }, 400);
      await desk.saveDraft(id, data, by(res));
      res.redirect(303, `${base}/${id}?done=saved`);
    }),
  );
  const act = (path: string, done: string, perform: (req: Request, res: Response, id: number) => Promise<unknown>) =>
    router.post(
      `${base}/:id/${path}`,
      publisher,
      form,
      studio.auth.forms.check,
      withItem(async (req, res, id) => {
        const outcome = await perform(req, res, id);
        if (outcome === false) return missing(req, res);
        if (outcome === 'answered') return;
        res.redirect(303, `${base}/${id}?done=${done}`);
      }),
    );
  act('publish', 'published', (_req, res, id) => desk.publish(id, by(res)));
  act('unpublish', 'unpublished', async (req, res, id) => {
    if (desk.canHide(id)) return desk.unpublish(id, by(res));
    sendStudioMessage(
      studio,
      req,
      res,
      {
        title: '不能撤下',
        text: '这一项始终对访客显示，只能修改后重新发布。',
        current: CONTENT_HUB,
        link: { href: `${base}/${id}`, label: '回到这一项' },
      },
      409,
    );
    return 'answered';
  });
  act('discard', 'discarded', (_req, res, id) => desk.discardDraft(id, by(res)));
  act('unschedule', 'unscheduled', (_req, res, id) => desk.unschedule(id, by(res)));
  act('restore', 'restored', (req, res, id) => {
    const revision = text(req.body.revision);
    return /^[1-9]\d{0,12}$/.test(revision) ? desk.restore(id, Number(revision), by(res)) : Promise.resolve(false);
  });
  router.post(
    `${base}/:id/schedule`,
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
      res.redirect(303, `${base}/${id}?done=scheduled`);
    }),
  );
  return router;
}

/** A kind's desk as the studio lists it and serves it. */
export const studioDesk = <T, Options>(desk: ContentDesk<T>, view: DeskView<T, Options>): StudioDesk => ({
  base: view.base,
  label: view.words.list,
  routes: (studio) => contentDeskRoutes(studio, desk, view),
});
