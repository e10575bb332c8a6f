import type { app as En } from '../en/app';

/** Chinese (Simplified) strings for the app frame (name, session, notices, roles, home). */
export const app: Record<keyof typeof En, string> = {
  'app.name': 'Sitewatch',
  'app.poweredBy': '由 {{provider}} 提供技术支持',
  'app.loading': '正在加载…',
  'app.skipToMain': '跳至主要内容',
  'home.title': '仪表板',
  'home.signedInAs': '当前登录：{{name}}（{{email}}）',
  'home.company': '公司：{{company}}',
  'home.noCompany': '未选择公司',
  'home.role': '角色：{{role}}',
  'session.logout': '退出登录',
  'session.offline': '您已离线。更改将被保存，并在网络连接恢复后同步。',
  'session.restoring': '正在恢复您的会话…',
  'notice.dismiss': '关闭',
  'notice.error': '错误',
  'notice.warning': '警告',
  'notice.info': '信息',
  'role.admin': '管理员',
  'role.manager': '经理',
  'role.user': '用户',
  'role.viewer': '查看者',
  'loading.busy': '正在加载',
};
