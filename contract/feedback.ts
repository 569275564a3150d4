import * as v from 'valibot';

/** What a visitor may write about; `survey` is where the questionnaire link (/wj) leads. */
export const FEEDBACK_TOPICS = {
  product: '产品咨询',
  service: '售后服务',
  website: '网站问题',
  cooperation: '合作洽谈',
  survey: '问卷调查',
  other: '其他',
} as const;
export type FeedbackTopic = keyof typeof FEEDBACK_TOPICS;

/**
 * The limits, shared by the form's own constraints (so the browser checks them
 * before sending) and the server's schema (which checks them again).
 */
export const FEEDBACK_LIMITS = {
  content: { min: 10, max: 1000 },
  contactName: { max: 32 },
  /** A mainland mobile number or an e-mail address. */
  contact: { max: 64, pattern: '1[3-9]\\d{9}|[^@\\s]+@[^@\\s]+\\.[^@\\s]+' },
} as const;

/** Entries per address: a few per ten minutes is plenty for a person. Both the form and the API hold to it. */
export const FEEDBACK_RATE = { windowMs: 10 * 60_000, limit: 5 } as const;
/** The one limiter name both doors to the feedback store (the form, the API) count under. */
export const FEEDBACK_LIMIT = 'feedback';

const text = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`请填写${field}`),
    v.transform((value) => value.trim()),
    v.minLength(Math.max(min, 1), min > 1 ? `${field}至少 ${min} 个字` : `请填写${field}`),
    v.maxLength(max, `${field}不能超过 ${max} 个字`),
  );

export const feedbackSchema = v.object({
  topic: v.picklist(Object.keys(FEEDBACK_TOPICS) as FeedbackTopic[], '请选择反馈类型'),
  content: text('反馈内容', FEEDBACK_LIMITS.content.min, FEEDBACK_LIMITS.content.max),
  contactName: text('联系人', 1, FEEDBACK_LIMITS.contactName.max),
  contact: v.pipe(
    text('联系方式', 1, FEEDBACK_LIMITS.contact.max),
    v.regex(new RegExp(`^(?:${FEEDBACK_LIMITS.contact.pattern})$`), '请填写正确的手机号或邮箱'),
  ),
});
export type Feedback = v.InferOutput<typeof feedbackSchema>;

export type FeedbackErrors = Partial<Record<keyof Feedback, string>>;

/** Checks a submission: the clean entry, or the first error of each field. */
export function checkFeedback(input: unknown): { ok: true; value: Feedback } | { ok: false; errors: FeedbackErrors } {
  const result = v.safeParse(feedbackSchema, input);
  if (result.success) return { ok: true, value: result.output };
  const errors: FeedbackErrors = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as keyof Feedback | null;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  if (Object.keys(errors).length === 0) errors.content = '提交内容无效';
  return { ok: false, errors };
}

/**
 * Whether a feedback post comes from a page of another site, given the site's
 * own origin: browsers name the page's origin on every post (`null` for an
 * opaque one), so any `Origin` but the site's own, an empty one included, is
 * another site making its visitors' browsers post. A client that is not a
 * browser sends none, and is not refused by this. The form and the API share it.
 */
export const postedFromAnotherSite = (origin: string | undefined, ownOrigin: string): boolean =>
  origin !== undefined && (origin === '' || origin !== ownOrigin);
