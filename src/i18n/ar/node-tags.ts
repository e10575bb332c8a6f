/** Node Tags (managers): labels with a colour for a company's nodes. */
export const nodeTags = {
  'nodeTags.title': 'وسوم العُقد',
  'nodeTags.intro': 'تسميات لتجميع العُقد، مثل «اللقاحات» أو «الجناح 3». لا يمكن حذف وسم قيد الاستخدام.',
  'nodeTags.name': 'الاسم',
  'nodeTags.colour': 'اللون',
  'nodeTags.nodeCount': 'العُقد',
  'nodeTags.new': 'وسم عُقد جديد',
  'nodeTags.edit': 'تعديل وسم العُقد',
  'nodeTags.table': 'وسوم العُقد',
} as const;
