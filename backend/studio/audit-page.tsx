import { Router } from 'express';
import { AUDIT_ACTIONS } from '../staff/audit';
import { type Studio, sendStudioPage, signedIn } from './context';

const timeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  dateStyle: 'short',
  timeStyle: 'medium',
});

/** What an entry's detail says, in a line (roles and names as they were and became). */
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('; ');

/** The audit log: every staff action, newest first, for administrators. */
export function auditRoutes(studio: Studio): Router {
  const router = Router();
  router.get('/studio/audit', signedIn(studio, 'staff'), async (req, res) => {
    const before =
      typeof req.query.before === 'string' && /^[1-9]\d{0,12}$/.test(req.query.before)
        ? Number(req.query.before)
        : undefined;
    const { entries, more } = await studio.audit.page(before);
    sendStudioPage(studio, req, res, {
      title: '操作记录',
      current: '/studio/audit',
      children: (
        <div className="card">
          <h1>操作记录</h1>
          {entries.length ? (
            <table className="rows">
              <thead>
                <tr>
                  <th scope="col">时间（北京时间）</th>
                  <th scope="col">员工</th>
                  <th scope="col">操作</th>
                  <th scope="col">对象</th>
                  <th scope="col">详情</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={new Date(entry.at).toISOString()}>{timeFormat.format(entry.at)}</time>
                    </td>
                    <td data-label="员工">{entry.staffName || '系统'}</td>
                    <td data-label="操作">{AUDIT_ACTIONS[entry.action] ?? entry.action}</td>
                    <td data-label="对象" className="code">
                      {entry.subject}
                    </td>
                    <td data-label="详情" className="code">
                      {detailText(entry.detail)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>还没有记录。</p>
          )}
          {more && (
            <p className="pager">
              <a href={`/studio/audit?before=${entries.at(-1)?.id}`}>更早的记录</a>
            </p>
          )}
        </div>
      ),
    });
  });
  return router;
}
