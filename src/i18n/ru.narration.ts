/** Подписи, выведенные из трассы (src/sim/trace/derive.ts); см. en.narration.ts. */
export const ruNarration: Record<string, string> = {
  'narr.leader': 'Теперь лидер — {node}.',
  'narr.leader.token': 'Теперь лидер — {node}, с fencing token {value}.',
  'narr.leader.term': 'Теперь лидер — {node}, в терме {value}.',
  'narr.failover.leader': '{node} сменяет {from}: failover занял {seconds} с.',
  'narr.failover.leader.token': '{node} сменяет {from} с fencing token {value}: failover занял {seconds} с.',
  'narr.failover.leader.term': '{node} сменяет {from} в терме {value}: failover занял {seconds} с.',
  'narr.leaseExpired': 'У {node} истекает lease: etcd удаляет вместе с ним ключ лидера.',
  'narr.leaseExpired.anon': 'Истекает lease {lease}: etcd удаляет привязанные к нему ключи.',
  'narr.writeRejected': '{resource} отклоняет запись {node} с токеном {token}: {code}, он уже видел {seen}.',
  'narr.staleAccepted':
    'Устаревшая запись принята: {code} OK. {resource} принял токен {token} от {node} после токена {seen}, и теперь данные {node} лежат поверх данных {newer}.',
  'narr.violation.split-brain':
    'BOTH WRITE: {nodes} оба считают себя лидерами, и у обоих приняты записи. Две копии данных расходятся.',
  'narr.violation.two-lease-holders':
    'Два владельца lease: ключ лидера перешёл между {nodes}, пока один из них его ещё держал.',
  'narr.violation.two-leaders-in-term': 'Два лидера в одном терме: {nodes}.',
  'narr.violation.leaderless': 'Слишком долго без лидера: {nodes}.',
  'narr.noQuorum':
    '{node} не может набрать большинство: {votes} из {nodes} голосов, а нужно {needed}. Никто не избран.',
  'narr.outcome': 'К концу прогона лидер — {node}, с {since} с.',
  'narr.outcome.token': 'К концу прогона лидер — {node} с fencing token {value}, с {since} с.',
  'narr.outcome.term': 'К концу прогона лидер — {node} в терме {value}, с {since} с.',
  'narr.outcome.none': 'К концу прогона лидера нет.',
  'narr.outcome.many': 'К концу прогона {nodes} каждый считает себя лидером.',
  'narr.outcome.lost': 'К концу прогона лидера нет: последнего лидера, {node}, потеряли за {ago} с до конца.',
  'narration.alarm.stale': 'УСТАРЕВШАЯ ЗАПИСЬ ПРИНЯТА',
  'narration.alarm.staleDetail': '{resource} принял токен {token} от {node} после токена {seen}',
};
