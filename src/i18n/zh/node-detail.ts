/** The site dashboard's node detail: one node's latest readings, link health and alert events. */
export const nodeDetail = {
  'nodeDetail.open': "{{node}} 的详情",
  'nodeDetail.readings': "最新读数",
  'nodeDetail.noFeeds': "此节点没有数据流。",
  'nodeDetail.noReading': "尚无读数",
  'nodeDetail.safeRange': "安全范围",
  'nodeDetail.events': "告警事件",
  'nodeDetail.eventsIntro': "最新的在前。“告警事件”页面列出每个事件及其时间线和操作。",
  'nodeDetail.eventsLoading': "正在加载该节点的告警事件…",
  'nodeDetail.eventsEmpty': "此节点没有告警事件。",
  'nodeDetail.eventsFailed': "无法加载告警事件：{{message}}",
  'nodeDetail.retry': "重试",
  'nodeDetail.openEvent': "{{rule}}，开始于 {{time}}：打开“告警事件”",
  'nodeDetail.close': "关闭",
};
