import type { chart as En } from '../en/chart';

/** Chinese words of the readings chart: its legend, axes, crosshair and how to use it from the keyboard. */
export const chart: Record<keyof typeof En, string> = {
  'chart.keys': '左右方向键逐个浏览读数，Home 和 End 跳到第一个和最后一个，Esc 隐藏数值。',
  'chart.units': '单位：{{units}}',
  'chart.legend': '图表中的曲线',
  'chart.lineName': '{{feed}} · {{node}}',
  'chart.linePart': '{{name}}（{{part}}）',
  'chart.axisTitle': '{{quantity}}（{{unit}}）',
  'chart.axisOnOff': '开/关',
  'chart.axisNoUnit': '数值',
  'chart.safeRange': '安全范围 {{range}}',
  'chart.envelope': '阴影：每个时段的最低值至最高值',
  'chart.noReading': '无读数',
  'chart.more': '还有 {{count}} 条',
  'chart.valueAt': '{{name}}：{{value}}',
  'chart.valueRange': '{{value}}（{{range}}）',
  'chart.readingsAt': '{{time}}。{{values}}',
};
