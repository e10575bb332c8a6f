import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messageTemplatesMachine } from '../../src/machines/message-templates.machine';
import { fillTemplate } from '../../src/api/contract/alerts';

describe('message templates machine', () => {
  it('names an unknown placeholder in the subject or body as such, and a known one passes', async () => {
    const a = createActor(messageTemplatesMachine, { input: {} }).start();
    a.send({ type: 'form.new' });
    await waitFor(a, (s) => s.context.form !== null);
    a.send({ type: 'form.change', field: 'name', value: 'Cold chain' });
    a.send({ type: 'form.change', field: 'body', value: '{node} read {temp}' });
    a.send({ type: 'form.blur', field: 'body' });
    expect(a.getSnapshot().context.form?.errors).toEqual({ body: [{ key: 'messages.unknownPlaceholder' }] });
    a.send({ type: 'form.change', field: 'body', value: '{node} read {value}' });
    a.send({ type: 'form.change', field: 'subject', value: 'Warm: {sitee}' });
    a.send({ type: 'form.blur', field: 'subject' });
    expect(a.getSnapshot().context.form?.errors).toEqual({ subject: [{ key: 'messages.unknownPlaceholder' }] });
    a.stop();
  });

  it('starts a new template in English with the placeholders a notification needs', async () => {
    const a = createActor(messageTemplatesMachine, { input: {} }).start();
    a.send({ type: 'form.new' });
    await waitFor(a, (s) => s.context.form !== null);
    const v = a.getSnapshot().context.form!.values;
    expect(v.locale).toBe('en');
    expect(fillTemplate(v.body, { link: 'L', node: 'N' })).toContain('Acknowledge: L');
    a.stop();
  });
});
