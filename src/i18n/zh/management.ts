import type { management as En } from '../en/management';

/** Chinese (Simplified) strings for Management: white-label settings per domain. */
export const management: Record<keyof typeof En, string> = {
  'management.title': '管理',
  'management.whiteLabel': '白标设置',
  'management.intro': '每个主机名都可以显示自己的标题、网站图标和徽标。未配置的主机显示 Sitewatch。',
  'management.domain': '域名',
  'management.websiteTitle': '网站标题',
  'management.faviconUrl': '网站图标 URL',
  'management.loginLogoUrl': '登录页徽标 URL',
  'management.siteLogoUrl': '侧边栏徽标 URL',
  'management.urlHint': '可留空，也可填写 http(s) 地址或本站以 / 开头的路径。',
  'management.domainHint': '在浏览器中输入的主机名，例如 dashboard.example.com。',
  'management.updated': '更新时间',
  'management.formTitleNew': '新建白标设置',
  'management.formTitleEdit': '{{domain}} 的白标设置',
  'management.thisHost': '当前浏览器',
  'management.here': '用于',
  'management.domainInvalid': '请输入主机名，例如 dashboard.example.com：字母、数字、点和连字符，可带 :端口。',
  'management.domainTaken': '该主机名已有设置。',
  'management.urlInvalid': '可留空，也可填写 http(s) 地址或本站以 / 开头的路径。',
};
