/**
 * Russian scenario texts: `scenario.<id>.title`, `.summary` and `.step.<stepId>`, translated from
 * the English in scenarios/*.ts. Titles follow the Russian source text's list of scenarios.
 */
export const scenariosRu: Record<string, string> = {
  'scenario.bully.title': 'Алгоритм Bully (legacy)',
  'scenario.bully.summary':
    'node-5, координатор, упал. node-1 замечает это и шлёт ELECTION всем узлам с более высоким ID; каждый живой узел отвечает OK и запускает собственные выборы среди узлов выше, пока node-4 не останется без ответа сверху и не объявит себя COORDINATOR. Алгоритм работает, но ценой O(n^2) сообщений.',
  'scenario.bully.step.highest-leads':
    '{n, plural, one {# узел} few {# узла} many {# узлов} other {# узла}}, и правило простое: координатор — живой узел с наибольшим ID. Все считают, что это {last}.',
  'scenario.bully.step.coordinator-down':
    '{last} упал. Его heartbeats прекращаются, но пока никто не может отличить мёртвый узел от медленного.',
  'scenario.bully.step.node-1-notices':
    'node-1 уже {timeoutMs} мс не получает heartbeat и решает, что координатора больше нет.',
  'scenario.bully.step.election-up':
    'node-1 шлёт ELECTION всем узлам с более высоким ID, включая {last}: отправитель не может знать, кто из них мёртв.',
  'scenario.bully.step.ok-back':
    '{from} жив, и его ID выше, поэтому он отвечает OK: node-1 должен отступить и ждать COORDINATOR.',
  'scenario.bully.step.elections-climb':
    'Каждый узел, ответивший OK, запускает собственные выборы среди узлов выше. Нижние узлы получают OK сверху; {secondLast} спрашивает только {last}.',
  'scenario.bully.step.silence-above':
    '{last} упал, поэтому ELECTION теряется. {secondLast} ждёт OK {answerTimeoutMs} мс, но ответ так и не придёт.',
  'scenario.bully.step.next-highest-coordinator':
    'Сверху никто не ответил: {secondLast} — живой узел с наибольшим ID. Он шлёт COORDINATOR всем остальным узлам.',
  'scenario.bully.step.message-count':
    '{nodes, plural, one {# узел} few {# узла} many {# узлов} other {# узла}}, один отказ — {messages, plural, one {# сообщение} few {# сообщения} many {# сообщений} other {# сообщения}} ({elections} ELECTION, {oks} OK, {coordinators} COORDINATOR). В худшем случае их число растёт как n(n-1): около 9 900 сообщений на 100 узлах.',

  'scenario.etcd-lease.title': 'Выборы через lease (etcd)',
  'scenario.etcd-lease.summary':
    'node-1 захватывает ключ лидера в etcd через compare-and-swap и привязывает его к lease, который продлевает каждые 10 с. Потом node-1 падает; lease истекает через 30 с после последнего продления, и лидером становится node-2. Failover ограничен TTL.',
  'scenario.etcd-lease.step.lease-granted':
    'node-1 просит у etcd lease с TTL {ttlS} с: такой lease действует, только пока его продлевают.',
  'scenario.etcd-lease.step.campaign-won':
    'node-1 создаёт ключ лидера через compare-and-swap: «только если его никто не держит». Он становится лидером с fencing token {token}.',
  'scenario.etcd-lease.step.campaign-lost':
    'node-2 пробует тот же swap и проигрывает: ключ занят. Он остаётся ведомым и пробует снова каждые {retryMs} мс.',
  'scenario.etcd-lease.step.renewal':
    'Каждые {renewS} с node-1 продлевает свой lease. Каждое продление заново запускает в etcd отсчёт {ttlS} с.',
  'scenario.etcd-lease.step.crash':
    'node-1 падает. Никто не сообщает об этом etcd: продления просто прекращаются.',
  'scenario.etcd-lease.step.leaderless':
    'node-2 продолжает попытки, но ключ всё ещё привязан к lease node-1. TTL {ttlS} с означает до {ttlS} с без лидера.',
  'scenario.etcd-lease.step.lease-expires':
    'Через {ttlS} с после последнего дошедшего продления lease истекает, и etcd удаляет вместе с ним ключ лидера.',
  'scenario.etcd-lease.step.node-2-leads':
    'Следующая попытка node-2 удаётся: он становится лидером с token {token}. Failover занял TTL плюс не больше одной повторной попытки.',
  'scenario.etcd-lease.step.node-2-writes':
    'Теперь работу делает node-2. Kubernetes, Patroni и ClickHouse Keeper выбирают лидеров точно так же.',

  'scenario.split-brain.title': 'Split-brain без кворума',
  'scenario.split-brain.summary':
    'Выборы только по heartbeats, без кворума. Разделение сети отрезает {node-1, node-2} от {node-3, node-4, node-5}; каждая сторона выбирает своего лидера, и обе принимают записи: ОБА ПИШУТ. Включите кворум, и сторона в меньшинстве никого не выберет.',
  'scenario.split-brain.step.heartbeat-election':
    'Пять узлов выбирают лидера по heartbeats: узел, который перестал слышать лидера, просит голоса у остальных и становится лидером, если «да» ответит достаточно узлов.',
  'scenario.split-brain.step.first-leader':
    '{node} побеждает в терме {term}, набрав {votes} из {cluster} голосов. Он шлёт HEARTBEAT каждые {heartbeatIntervalMs} мс и принимает записи клиентов.',
  'scenario.split-brain.step.partition':
    'Разделение сети отрезает node-1 и node-2 от node-3, node-4 и node-5.',
  'scenario.split-brain.step.majority-keeps-writing':
    'На большей стороне всё выглядит нормально: node-5 по-прежнему слышит своих ведомых и продолжает принимать записи.',
  'scenario.split-brain.step.minority-candidate':
    '{node} уже {timeoutMs} мс не получает HEARTBEAT. Он не может отличить мёртвого лидера от недоступного, поэтому просит голоса у всех.',
  'scenario.split-brain.step.minority-leader':
    '{node} получил «да» от {votes} из {answered} ответивших узлов: это большинство узлов, до которых он может достучаться. Без кворума этого достаточно, и он становится лидером в терме {term}.',
  'scenario.split-brain.step.both-write':
    'ОБА ПИШУТ: {nodes} — каждый считает себя лидером, и каждый принял записи. Две копии данных расходятся.',
  'scenario.split-brain.step.heal': 'Связь восстанавливается, и две стороны снова слышат друг друга.',
  'scenario.split-brain.step.old-leader-deposed':
    '{node} получает HEARTBEAT от {by} с более высоким термом {newTerm} и уступает лидерство. То, что он принял во время разделения, конфликтует с тем, что принял {by}.',
  'scenario.split-brain.step.both-sides-led':
    'Одни heartbeats не отличают «лидер умер» от «я его не вижу», поэтому обе стороны выбрали себе лидера. Включите кворум, и лидеру нужно 3 голоса из 5 во всём кластере: тогда сторона из двух узлов никого не выберет.',
  'scenario.split-brain.step.why-quorum':
    'Одни heartbeats не отличают «лидер умер» от «я его не вижу». С включённым кворумом лидеру нужно 3 голоса из 5, и сторона из двух узлов никого не выбирает.',

  'scenario.fencing-token.title': 'Защита через fencing token',
  'scenario.fencing-token.summary':
    'node-1 — лидер с token 42; потом он замирает в GC-паузе, которая длится дольше его lease. Лидером становится node-3 с token 43. Когда node-1 просыпается, его запоздавшая запись всё ещё идёт с token 42, и хранилище её отвергает: 409 STALE TOKEN.',
  'scenario.fencing-token.step.node-2-down':
    'В этой истории node-2 выведен на обслуживание, поэтому следующий в очереди после node-1 — node-3.',
  'scenario.fencing-token.step.token-42':
    'node-1 захватывает ключ лидера, и та же транзакция увеличивает счётчик token-ов: он становится лидером с token {token}.',
  'scenario.fencing-token.step.lease-checked':
    'Подошло время задачи node-1. Сначала он проверяет свой lease: осталось {remainingMs} мс, с запасом. Он начинает готовить запись.',
  'scenario.fencing-token.step.gc-pause':
    'GC-пауза замораживает node-1 на {durationMs} мс — дольше, чем TTL в {ttlS} с. Он не может ни продлить lease, ни заметить это.',
  'scenario.fencing-token.step.lease-expires':
    'Lease node-1 истекает, и etcd удаляет ключ лидера. Для кластера node-1 больше нет.',
  'scenario.fencing-token.step.token-43':
    'node-3 со следующей попытки захватывает ключ и увеличивает счётчик: теперь он лидер с token {token}.',
  'scenario.fencing-token.step.node-3-writes':
    'node-3 пишет с token {token}. Хранилище запоминает {token} как наибольший увиденный token.',
  'scenario.fencing-token.step.node-1-wakes':
    'node-1 просыпается и продолжает с того места, где остановился: подготовленная запись уходит с token {token}.',
  'scenario.fencing-token.step.node-1-steps-down':
    'Только теперь срабатывают таймеры node-1: его lease давно истёк, и он отказывается от лидерства. Для уже отправленной записи это слишком поздно.',
  'scenario.fencing-token.step.stale-token':
    'Хранилище уже видело token {seen}, поэтому отвергает token {token}: 409 STALE TOKEN. Проверка происходит там, где лежат данные.',

  'scenario.patroni.title': 'Failover Patroni за HAProxy',
  'scenario.patroni.summary':
    'На каждом узле Postgres работает агент Patroni; ключ лидера /service/batman/leader хранится в etcd с lease на 30 с. Primary pg-1 умирает: HAProxy помечает его недоступным, lease истекает, pg-2 (самая здоровая реплика) захватывает ключ, делает promote и переходит на новую timeline, а HAProxy переключает на него записи клиентов.',
  'scenario.patroni.step.pg-1-bootstraps':
    'pg-1 стартует первым: в одной транзакции etcd он создаёт /service/batman/initialize и ключ лидера, поэтому работает как primary.',
  'scenario.patroni.step.writes-reach-pg-1':
    'INSERT-ы приложения идут через HAProxy на pg-1 — единственный узел, у которого health check /primary отвечает 200.',
  'scenario.patroni.step.pg-3-falls-behind':
    'pg-3 теряет канал репликации с pg-1: он перестаёт получать WAL и отстаёт от pg-2.',
  'scenario.patroni.step.pg-1-crashes':
    'pg-1 падает — Postgres и агент Patroni вместе. Его ключ лидера остаётся в etcd, пока не истечёт lease.',
  'scenario.patroni.step.haproxy-marks-pg-1-down':
    'HAProxy помечает {backend} недоступным после {haproxyFall, plural, one {# проверки} few {# проверок} many {# проверок} other {# проверки}} без ответа. Ни один backend не отвечает 200, так что сейчас любая запись клиента завершается ошибкой.',
  'scenario.patroni.step.lease-expires':
    'Lease pg-1 истекает через {ttlS} с после последнего продления: etcd удаляет ключ лидера и ключ участника pg-1.',
  'scenario.patroni.step.pg-2-is-healthiest':
    'pg-2 не находит ключа лидера. Через REST API он спрашивает у остальных их позицию WAL ({answers}): никто не опережает его {lsn}, поэтому он вступает в гонку за ключ.',
  'scenario.patroni.step.pg-2-promotes':
    'pg-2 выигрывает compare-and-swap (создать, только если ключа нет) и выполняет pg_ctl promote.',
  'scenario.patroni.step.pg-2-is-primary':
    'pg-2 — writable primary на timeline {token}. pg-3 реплицирует с него и догоняет.',
  'scenario.patroni.step.writes-reach-pg-2':
    'После {haproxyRise, plural, one {# успешной проверки} few {# успешных проверок} many {# успешных проверок} other {# успешной проверки}} HAProxy помечает {backend} доступным: записи клиентов снова идут, теперь на новый primary.',
  'scenario.sandbox.title': 'Песочница',
  'scenario.sandbox.summary':
    'Свободный режим: исправный кластер и никакого сценария. Выберите алгоритм, вносите сбои в позиции курсора, меняйте параметры и следите за метриками.',
  'scenario.sandbox.step.free-play':
    'Свободный режим: щёлкните правой кнопкой или нажмите Enter на узле, чтобы внести сбой в позиции курсора. «Шаг назад» и «Шаг вперёд» переходят между вашими сбоями.',
  // catalogue taglines of the five stories and the sandbox
  'scenario.bully.tagline': 'Координатор падает; старший живой id берёт власть за O(n²) сообщений.',
  'scenario.etcd-lease.tagline':
    'Лидер держит lease в etcd; когда он умирает, TTL решает, когда придёт другой.',
  'scenario.split-brain.tagline':
    'Heartbeat без кворума: после разделения сети два лидера пишут одновременно.',
  'scenario.fencing-token.tagline':
    'Лидер просыпается после паузы GC и пишет; storage отвергает устаревший token: 409.',
  'scenario.patroni.tagline':
    'Primary PostgreSQL падает; Patroni повышает реплику, HAProxy переводит на неё трафик.',
  'scenario.sandbox.tagline':
    'Свободный режим: выберите алгоритм, вносите сбои, меняйте параметры, смотрите метрики.',
  // lease-no-fencing
  'scenario.lease-no-fencing.title': 'Lease без fencing',
  'scenario.lease-no-fencing.summary':
    'node-1 — лидер с lease на 30 с; сразу после проверки lease он замирает в GC-паузе. Lease истекает, избирается node-3 и пишет. node-1 просыпается и отправляет подготовленную запись со старым token 42. Storage не проверяет token-ы: запись принята, и в storage остаётся значение смещённого лидера. Покажите исправление: storage проверяет token и отвечает 409.',
  'scenario.lease-no-fencing.tagline':
    'GC-пауза длиннее lease; запись смещённого лидера ложится поверх записи нового.',
  'scenario.lease-no-fencing.step.node-2-down':
    'В этой истории node-2 выведен на обслуживание, поэтому следующий в очереди после node-1 — node-3.',
  'scenario.lease-no-fencing.step.token-42':
    'node-1 захватывает ключ лидера с lease на {ttlS} с, и та же транзакция выдаёт ему token {token}. Storage внизу token-ы не проверяет.',
  'scenario.lease-no-fencing.step.lease-checked':
    'Подошло время задачи node-1. Он проверяет lease (осталось {remainingMs} мс) и начинает готовить запись.',
  'scenario.lease-no-fencing.step.gc-pause':
    'GC-пауза замораживает node-1 на {durationMs} мс — дольше, чем TTL в {ttlS} с. Он не может ни продлить lease, ни заметить это.',
  'scenario.lease-no-fencing.step.lease-expires':
    'Lease делает своё дело: etcd его отзывает и удаляет ключ лидера. Для кластера node-1 больше нет.',
  'scenario.lease-no-fencing.step.token-43':
    'node-3 захватывает ключ, всё по правилам: он лидер с token {token}.',
  'scenario.lease-no-fencing.step.node-3-writes':
    'node-3 записывает свой отчёт {value} с token {token}. В storage лежит {value}.',
  'scenario.lease-no-fencing.step.node-1-wakes':
    'node-1 просыпается, уверенный, что всё ещё лидер, и продолжает с того места, где остановился: подготовленная запись уходит с token {token}.',
  'scenario.lease-no-fencing.step.stale-accepted':
    'Storage уже видел {seen}, но всё равно принимает token {token}: теперь в нём {value} — запись смещённого лидера поверх записи node-3. Выборы не сломались; ущерб — в данных.',
  'scenario.lease-no-fencing.step.stale-rejected':
    'С исправлением storage проверяет token: он уже видел {seen}, поэтому token {token} получает 409 STALE TOKEN. В storage остаётся отчёт node-3.',
  // check-before-act
  'scenario.check-before-act.title': 'Проверяй перед действием',
  'scenario.check-before-act.summary':
    'node-1 проверил свой lease один раз, при вступлении в должность, и дальше ему доверяет. GC-пауза длится дольше lease, лидером становится node-3, а node-1 просыпается и пишет со старым token: запись принята, storage token-ы не проверяет. Покажите исправление: node-1 перепроверяет lease перед каждой записью и вместо записи слагает полномочия. Дальше та же история замораживает node-3 между проверкой и записью, и эта устаревшая запись проходит в обоих случаях: проверка не заменяет fencing.',
  'scenario.check-before-act.tagline':
    'Проверка lease перед каждой записью останавливает почти все устаревшие записи, но не паузу после проверки.',
  'scenario.check-before-act.step.node-2-down':
    'В этой истории node-2 выведен на обслуживание, поэтому следующий в очереди после node-1 — node-3.',
  'scenario.check-before-act.step.token-42':
    'node-1 — лидер с token {token}. Он проверил lease при вступлении в должность и дальше ему доверяет: перед записями никаких проверок. Storage token-ы не проверяет.',
  'scenario.check-before-act.step.gc-pause-1':
    'GC-пауза замораживает node-1 на {durationMs} мс — прямо перед его задачей и дольше, чем TTL в {ttlS} с.',
  'scenario.check-before-act.step.token-43':
    'Lease node-1 истекает, и node-3 избирается, всё по правилам, с token {token}.',
  'scenario.check-before-act.step.node-3-writes': 'node-3 записывает свой отчёт {value} с token {token}.',
  'scenario.check-before-act.step.stale-unchecked':
    'node-1 просыпается, и просроченная задача запускается сразу. На lease он не смотрит: {value} уходит с token {token}, и storage принимает её после {seen}. Проверка перед записью остановила бы эту.',
  'scenario.check-before-act.step.gc-pause-2':
    'Теперь замирает node-3, на {durationMs} мс, через 10 мс после начала задачи: решение писать принято, запись ещё не ушла.',
  'scenario.check-before-act.step.token-44':
    'Lease node-3 истекает, node-4 избирается с token {token} и пишет.',
  'scenario.check-before-act.step.stale-after-pause':
    'node-3 просыпается, и его запись уходит с token {token}; storage принимает её после {seen}, и теперь в нём {value} — запись смещённого лидера.',
  'scenario.check-before-act.step.token-42-checks':
    'node-1 — лидер с token {token}. С исправлением он перепроверяет lease перед каждой записью, а не один раз при вступлении в должность. Storage token-ы по-прежнему не проверяет.',
  'scenario.check-before-act.step.check-stops-it':
    'node-1 просыпается и, прежде чем просроченная задача запишет, проверяет lease: срок давно вышел, и он слагает полномочия без записи. Этой устаревшей записи не будет.',
  'scenario.check-before-act.step.check-too-early':
    'node-3 просыпается, и запись, которую он уже проверил, уходит с token {token}: принята после {seen}, теперь в storage {value}. Проверка была до паузы и остановить эту запись не могла. Это может только storage — поэтому fencing всё равно нужен.',
};
