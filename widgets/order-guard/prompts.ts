import type { Lang } from '../core/i18n';
import type { Obstacle } from './checks';

interface PromptText {
  title: string;
  message: string;
  go: string;
  /** Absent: the prompt has only its one button (and the close button). */
  cancel?: string;
}

/** The prompts of SPEC §5, in the words the spec gives. */
export const PROMPTS: Record<Lang, Record<Obstacle, PromptText> & { close: string; adminToo: string }> = {
  'zh-CN': {
    login: { title: '请先登录', message: '还未登录,请先登录!', go: '去登录', cancel: '取消' },
    certify: {
      title: '请先完成企业认证',
      message: '该账号暂无已完成认证的企业,请先完成企业认证.',
      go: '去认证',
      cancel: '取消',
    },
    admin: { title: '请先设置企业管理员', message: '该企业还未设置管理员，请先完成管理员设置', go: '去设置' },
    close: '关闭',
    // Beside the certification prompt when the admin check would stop the visitor next.
    adminToo: '该企业也还未设置管理员，请在控制台一并完成企业认证和管理员设置。',
  },
  en: {
    login: {
      title: 'Please sign in',
      message: 'You are not signed in yet. Please sign in first.',
      go: 'Sign in',
      cancel: 'Cancel',
    },
    certify: {
      title: 'Certify your enterprise first',
      message: 'This account has no certified enterprise yet. Please complete enterprise certification first.',
      go: 'Go to certify',
      cancel: 'Cancel',
    },
    admin: {
      title: 'Set an administrator first',
      message: 'The company has not yet set an administrator, please complete administrator setup first.',
      go: 'Go to set up',
    },
    close: 'Close',
    adminToo:
      'The company has no administrator yet either: please complete both the certification and the administrator setup in the console.',
  },
};
