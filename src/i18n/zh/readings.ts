import type { readings as En } from '../en/readings';

/** Chinese words for readings as values: on/off, ranges written out, and a link's weak battery or signal. */
export const readings: Record<keyof typeof En, string> = {
  'value.on': '开',
  'value.off': '关',
  'value.safe': '{{value}}，安全范围 {{range}}',
  'range.between': '{{min}}–{{max}} {{unit}}',
  'range.atLeast': '≥ {{min}} {{unit}}',
  'range.atMost': '≤ {{max}} {{unit}}',
  'tile.safe': '安全 {{range}}',
  'feeds.filter': '筛选数据流',
  'feeds.groupBy': '分组方式',
  'feeds.bySignal': '信号类型',
  'feeds.byNode': '节点',
  'feeds.clear': '清除（{{count}}）',
  'feeds.noMatch': '没有匹配筛选条件的数据流。',
  'site.minmaxHeader': '{{node}} · {{feed}}（{{unit}}）最小–最大',
  'site.fridgeRange': '冰箱安全范围 {{range}}',
  'site.tilesAll': '全部 {{count}} 个数据流',
  'site.about': '关于此站点',
  'health.weakBattery': '电量低',
  'health.weakSignal': '信号弱',
};
