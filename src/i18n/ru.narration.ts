/** Подписи, выведенные из трассы (src/sim/trace/derive.ts); см. en.narration.ts. */
export const ruNarration: Record<string, string> = {
  'narr.leader': 'Теперь лидер — {node}.',
  'narr.leader.token': 'Теперь лидер — {node}, с fencing token {value}.',
  'narr.leader.term': 'Теперь лидер — {node}, в терме {value}.',
  'narr.failover.leader': '{node} сменяет {from}: failover занял {seconds} с.',
  'narr.failover.leader.token': '{node} сменяет {from} с fencing token {value}: failover занял {seconds} с.',
  'narr.failover.leader.term': '{node} сменяет {from} в терме {value}: failover занял {seconds} с.',
  'narr.leaseExpired': 'Lease {node} истекает, и etcd удаляет вместе с ним ключ лидера.',
  'narr.leaseExpired.anon': 'Lease {lease} истекает, и etcd удаляет привязанные к нему ключи.',
  'narr.sessionExpired': 'Сессия 0x{session} истекает, и ZooKeeper удаляет её эфемерные znode.',
  'narr.storage': 'хранилище',
  'narr.writeRefused': '{resource} отвергает запись {node}: {code}.',
  'narr.writeRefused.reason': '{resource} отвергает запись {node}: {code} ({reason}).',
  'narr.writeRejected':
    '{resource} отвергает запись {node} с token {token}: {code}, потому что уже знает token {seen}.',
  'narr.fencingWindow':
    'Окно fencing: {newerNode} уже лидер с token {newer}, но {resource} его ещё не знает и принимает запись {node} со старым token {token}. Ресурс может отвергнуть только token меньше того, что уже видел. Это предупреждение, а не нарушение: после первой записи {newerNode} token {token} получит 409.',
  'narr.staleAccepted':
    'Устаревшая запись принята: {code} OK. {resource} принимает token {token} от {node} после token {seen}, и теперь данные {node} лежат поверх данных {newer}.',
  'narr.violation.split-brain':
    'ОБА ПИШУТ: {nodes} — каждый считает себя лидером, и у каждого приняты записи. Две копии данных расходятся.',
  'narr.violation.two-lease-holders':
    'Два владельца lease: ключ лидера перешёл между {nodes}, пока один из них его ещё держал.',
  'narr.violation.two-leaders-in-term': 'Два лидера в одном терме: {nodes}.',
  'narr.violation.leader-append-only':
    'ЛИДЕР ПЕРЕПИСАЛ СВОЙ ЛОГ: {nodes}, будучи лидером, удалил записи из собственного лога.',
  'narr.violation.log-matching':
    'ЛОГИ РАЗОШЛИСЬ: запись с тем же индексом и термом стоит поверх разной истории у {nodes}.',
  'narr.violation.leader-completeness':
    'ЛИДЕР БЕЗ ЗАФИКСИРОВАННОЙ ЗАПИСИ: {nodes} выиграл выборы, хотя у него нет уже зафиксированной записи.',
  'narr.violation.state-machine-safety':
    'ЗАФИКСИРОВАННАЯ ЗАПИСЬ ПОТЕРЯНА: {nodes} применили разные команды с одним и тем же индексом.',
  'narr.violation.leaderless': 'Слишком долго без лидера: {nodes}.',
  'narr.violation.job-not-running':
    'ТРЕВОГА: job не запускался дольше, чем ожидалось. Ничего громко не упало: он просто перестал выполняться.',
  'narr.noQuorum':
    '{node} не может набрать большинство: {votes} из {nodes} голосов, а нужно {needed}. Никто не избран.',
  'narr.outcome': 'В конце прогона лидер — {node}, начиная с {since} с.',
  'narr.outcome.token': 'В конце прогона лидер — {node} с fencing token {value}, начиная с {since} с.',
  'narr.outcome.term': 'В конце прогона лидер — {node} в терме {value}, начиная с {since} с.',
  'narr.skipped.one': 'Шага {n} истории в этом прогоне нет. Вместо него: {what}.',
  'narr.skipped.span': 'Шагов {from}–{to} истории в этом прогоне нет. Вместо них: {what}.',
  'narr.skipped.at': '{what} (t = {at})',
  'narr.state': 'лидер — {node}, начиная с {since} с',
  'narr.state.token': 'лидер — {node} с fencing token {value}, начиная с {since} с',
  'narr.state.term': 'лидер — {node} в терме {value}, начиная с {since} с',
  'narr.state.none': 'лидера нет',
  'narr.state.many': 'каждый из {nodes} считает себя лидером',
  'narr.skipped':
    'В этом прогоне этого шага истории нет: параметры или сбои изменили то, что здесь происходит.',
  'narr.outcome.none': 'В конце прогона лидера нет.',
  'narr.replayedSchedule':
    'Расписание, воспроизведённое по списку выборов: каждое случайное значение и каждый сбой берутся из списка, а не из seed, а сбои из сценария истории не применяются. Дальше всё рассказано по трассе этого прогона — до первой тревоги.',
  'narr.outcome.many': 'В конце прогона каждый из {nodes} считает себя лидером.',
  'narr.outcome.lost': 'В конце прогона лидера нет: последний лидер, {node}, пропал за {ago} с до конца.',
  'narration.alarm.stale': 'УСТАРЕВШАЯ ЗАПИСЬ ПРИНЯТА',
  'narration.alarm.staleDetail': '{resource} принимает token {token} от {node} после token {seen}',
  'narr.violation.one-job-run':
    'ДВА ЗАПУСКА СРАЗУ: job запустился, пока предыдущий запуск ещё шёл; разводит их только Forbid.',
  'narr.violation.job-ran-twice':
    'JOB ОТРАБОТАЛ ДВАЖДЫ: его запустили {nodes}, и клиент получил второе письмо-напоминание.',
  // skiplocked
  'narr.violation.duplicate-email':
    'ДУБЛЬ ПИСЬМА: письмо по job-у отправлено повторно ({nodes}); первое ушло до COMMIT, который так и не случился.',
  'narr.violation.job-committed-twice':
    'JOB ЗАФИКСИРОВАН ДВАЖДЫ: {nodes} зафиксировал уже выполненный job — его строку ничто не блокировало.',
  // A fault as the narration and the event log tell it (the fault table's wording, src/sim/faults).
  'log.fault.crash': '{node} УПАЛ',
  'log.fault.restart': '{node} перезапущен с пустой памятью',
  'log.fault.pause': '{node} на паузе (GC) на {durationMs}',
  'log.fault.resume': '{node} продолжил работу',
  'log.fault.partition': 'разделение сети: {groups}',
  'log.storeBothSides': '{stores} доступен с обеих сторон',
  'log.fault.heal': 'сеть восстановлена',
  'log.fault.isolate.all': '{node} отрезан от всех хостов',
  'log.fault.isolate.store': '{node} отрезан от store',
  'log.fault.rejoin': '{node} снова доступен',
  'log.fault.cut-link': 'связь {a} ↔ {b} разорвана',
  'log.fault.restore-link': 'связь {a} ↔ {b} восстановлена',
  'log.fault.delay-link': 'связь {a} ↔ {b} замедлена на {extraMs}',
  'log.fault.clock-drift': 'часы {node} идут со скоростью {rate}×',
  'log.fault.store-unavailable': '{node} недоступен (кворум потерян) на {durationMs}',
  'log.fault.kill': 'процессы {node} УБИТЫ (хост работает: соединения отклоняются)',
  'log.fault.cut-oneway': 'связь {from} → {to} разорвана в одну сторону',
  'log.fault.clock-skew.ahead': 'системные часы {node} переведены и теперь спешат на {stepMs}',
  'log.fault.clock-skew.behind': 'системные часы {node} переведены и теперь отстают на {stepMs}',
  'log.fault.clock-skew.true': 'системные часы {node} снова показывают точное время',
  'log.fault.server.kill': '{node}: сервер {server} УБИТ (соединения его клиентов сброшены)',
  'log.fault.server.restart': '{node}: сервер {server} перезапущен',
  'log.fault.server.stop': '{node}: сервер {server} остановлен (его соединения зависают)',
  'log.fault.server.resume': '{node}: сервер {server} возобновлён',
  'log.fault.member.kill': '{node}: {member} УБИТ (соединения его клиентов сброшены)',
  'log.fault.member.restart': '{node}: {member} перезапущен',
  'log.fault.member.stop': '{node}: {member} остановлен (его соединения зависают)',
  'log.fault.member.resume': '{node}: {member} возобновлён',
  'log.fault.add-server': 'оператор просит кластер добавить {node}',
  'log.fault.remove-server': 'оператор просит кластер удалить {node}',
  'narr.configAdd':
    'Лидер {node} добавляет в лог запись конфигурации с индексом {index}: в кластер входит {server}. Каждый сервер применяет её, как только она попала в его лог, зафиксирована она или нет: теперь кластер — {members}, большинство — {majority} из {size}.',
  'narr.configRemove':
    'Лидер {node} добавляет в лог запись конфигурации с индексом {index}: {server} выходит из кластера. Каждый сервер применяет её, как только она попала в его лог: теперь кластер — {members}, большинство — {majority} из {size}.',
  'narr.configCommit':
    'Запись конфигурации с индексом {index} зафиксирована на большинстве из {members}. Только теперь лидер может взяться за следующее изменение.',
  'narr.configStepDown':
    '{node} не входит в конфигурацию, которую только что зафиксировал: он перестаёт быть лидером и не начинает выборы. Остальные выбирают лидера между собой.',
  'narr.configRefused.pending':
    '{node} отклоняет изменение {change}: предыдущая запись конфигурации ещё не зафиксирована. Изменения — по одному.',
  'narr.configRefused.term':
    '{node} отклоняет изменение {change}: он ещё не зафиксировал ни одной записи своего терма, и старое незафиксированное изменение ещё может победить.',
  'narr.configRefused.no-change': '{node} отклоняет изменение {change}: конфигурация не изменилась бы.',
  'narr.configRefused.last': '{node} отказывается удалить {server}: это последний сервер кластера.',
  'log.fault.agent.stop': '{node}: HA-агент ОСТАНОВЛЕН (SIGSTOP), его база данных продолжает работать',
  'log.fault.agent.resume': '{node}: HA-агент возобновлён',
};
