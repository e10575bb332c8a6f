import type { errors as En } from '../en/errors';

/** Chinese (Simplified) strings for 404, 500, maintenance and load-failure pages. */
export const errors: Record<keyof typeof En, string> = {
  'maintenance.title': '服务即将恢复',
  'maintenance.body': 'Sitewatch 暂时无法连接到服务器。请过几分钟再试。',
  'maintenance.retry': '重试',
  'notFound.title': '您好像迷路了',
  'notFound.body': '您要访问的页面不存在或已被移动。',
  'error.backHome': '返回首页',
  'serverError.title': '服务器内部错误',
  'serverError.body': '出了点问题，请稍后再试。',
  'loadFailed.message': '加载失败！请重新加载页面。',
  'loadFailed.reload': '重新加载',
};
