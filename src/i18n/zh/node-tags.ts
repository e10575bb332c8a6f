/** Node Tags (managers): labels with a colour for a company's nodes. */
export const nodeTags = {
  'nodeTags.title': '节点标签',
  'nodeTags.intro': '用于对节点进行分组的标签，例如“疫苗”或“3 号病区”。正在使用的标签无法删除。',
  'nodeTags.name': '名称',
  'nodeTags.colour': '颜色',
  'nodeTags.nodeCount': '节点',
  'nodeTags.new': '新建节点标签',
  'nodeTags.edit': '编辑节点标签',
  'nodeTags.table': '节点标签',
} as const;
