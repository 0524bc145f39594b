/** Russian strings of embed mode (see en.embed.ts). */
export const ruEmbed: Record<string, string> = {
  'embed.player': 'Проигрыватель выборов лидера: {scenario}',
  'embed.openInLab': 'Открыть в Leader Election Lab',
  'embed.openInLabTitle': 'Открыть этот вид в полном Leader Election Lab (новая вкладка)',
  'embed.stepCount': 'Шаг {n} / {total}',
  'embed.notice.label': 'Проблема встраивания',
  'embed.notice.badFlag': 'Параметр «{name}» проигнорирован: «{value}». Ожидается 1 или 0.',
  'embed.notice.badControls':
    'Параметр «controls» проигнорирован: «{value}». Ожидается minimal, full или none.',
  'embed.notice.badRange':
    'Параметр «{name}» проигнорирован: «{value}». Ожидается шаг от 1 до {max}, причём end не раньше start.',
  'embed.notice.badOrigin':
    'Параметр «origin» проигнорирован: «{value}». Ожидается источник вида https://docs.example.org; API встраивания выключен.',
  'embed.challenge.noWhatIf': 'В этом плеере нет меню «А что если…», а задачу решают именно в нём.',
  'embed.challenge.play': 'Решить в лаборатории',
  'embed.explore': 'Перебрать все расписания в лаборатории',
};
