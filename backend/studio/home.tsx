import { Router } from 'express';
import { may } from '../staff/roles';
import { type Studio, sendStudioPage, sessionOf, signedIn } from './context';

/** The studio's first page: the numbers that want attention, for the roles that can act on them. */
export function homeRoutes(studio: Studio): Router {
  const router = Router();
  router.get(['/studio', '/studio/'], signedIn(studio), async (req, res) => {
    const { staff } = sessionOf(res);
    const numbers = (await studio.glance()).filter((number) => may(staff.roles, number.permission));
    sendStudioPage(studio, req, res, {
      title: '概览',
      current: '/studio',
      children: (
        <>
          <h1>你好，{staff.name}</h1>
          {numbers.length ? (
            <ul className="tiles" aria-label="待处理">
              {numbers.map((number) => (
                <li key={number.href}>
                  <a href={number.href}>
                    <strong>{number.count}</strong>
                    {number.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p>你的角色暂时没有待处理的事项。</p>
          )}
        </>
      ),
    });
  });
  return router;
}
