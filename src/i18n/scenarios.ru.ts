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
    'Теперь работу делает node-2. Patroni поверх etcd держит свой ключ лидера так же, под lease. Lease в Kubernetes устроен иначе: сервер сам его не удаляет, а его возраст резервные узлы оценивают каждый по своим часам.',

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
    '{node} получает HEARTBEAT от {by} с более высоким термом {newTerm} и слагает полномочия. То, что он принял во время разделения, конфликтует с тем, что принял {by}.',
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
    'Подошло время задачи node-1. Сначала он проверяет свой lease: осталось {remainingMs} мс, с запасом. Он начинает готовить запись. Это его собственный счёт: он доверяет lease {ttlS} с × (1 − {driftMarginRatio}) от отправки последнего keepalive, с запасом на дрейф часов, поэтому отсчёт etcd на панели показывает больше.',
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
    'Только теперь срабатывают таймеры node-1: его lease давно истёк, и он слагает полномочия. Для уже отправленной записи это слишком поздно.',
  'scenario.fencing-token.step.stale-token':
    'Хранилище уже видело token {seen}, поэтому отвергает token {token}: 409 STALE TOKEN. Проверка происходит там, где лежат данные.',

  'scenario.patroni.title': 'Failover Patroni за HAProxy',
  'scenario.patroni.summary':
    'На каждом узле Postgres работает агент Patroni; ключ лидера /service/batman/leader хранится в etcd с lease на 30 с. Процессы primary pg-1 убиты, а хост работает: отклонённые health check за секунды выводят его из HAProxy, lease истекает, watch etcd сразу будит реплики, pg-2 (самая здоровая реплика) захватывает ключ, делает promote и переходит на новую timeline, а HAProxy переключает на него записи клиентов.',
  'scenario.patroni.step.pg-1-bootstraps':
    'pg-1 стартует первым: он создаёт /service/batman/initialize и ключ лидера, поэтому работает как primary. (Patroni создаёт их по очереди; эта модель для краткости делает и то и другое в одной транзакции etcd.)',
  'scenario.patroni.step.writes-reach-pg-1':
    'INSERT-ы приложения идут через HAProxy на pg-1 — единственный узел, у которого health check /primary отвечает 200.',
  'scenario.patroni.step.pg-3-falls-behind':
    'pg-3 теряет канал репликации с pg-1: он перестаёт получать WAL и отстаёт от pg-2.',
  'scenario.patroni.step.pg-1-crashes':
    'pg-1 падает — Postgres и агент Patroni вместе. Его ключ лидера остаётся в etcd, пока не истечёт lease.',
  'scenario.patroni.step.haproxy-marks-pg-1-down':
    'HAProxy помечает {backend} недоступным после {haproxyFall, plural, one {# проверки} few {# проверок} many {# проверок} other {# проверки}} без ответа. Ни один backend не отвечает 200, так что сейчас любая запись клиента завершается ошибкой.',
  'scenario.patroni.step.refused-not-silent':
    'Как HAProxy это узнал: процессы pg-1 убиты, но хост работает, поэтому его ядро сразу отклоняет каждое соединение, и каждая проверка проваливается за один круг: {haproxyFall, plural, one {# такой проверки} few {# таких проверок} many {# таких проверок} other {# такой проверки}} с интервалом {haproxyInterMs} мс (у каждого backend свой ритм) достаточно. Если бы хост погас (сбой «Уронить»), каждой проверке сначала пришлось бы дождаться таймаута. До сих пор HAProxy ещё отправлял новые соединения клиентов на pg-1 и дважды повторял каждое отклонённое; приложение сдавалось по своему connect timeout в {clientConnectTimeoutMs} мс. Теперь новые соединения закрываются сразу.',
  'scenario.patroni.step.lease-expires':
    'Lease pg-1 истекает через {ttlS} с после последнего продления: etcd удаляет ключ лидера и ключ участника pg-1.',
  'scenario.patroni.step.watch-fires':
    'pg-2 и pg-3 следят (watch) за ключами кластера в etcd. DELETE ключа лидера (ревизия {revision}) сразу доходит до них и будит их HA-циклы сейчас, а не на следующем такте loop_wait, который мог наступить через {loopWaitS} с.',
  'scenario.patroni.step.pg-2-is-healthiest':
    'pg-2 не находит ключа лидера. Через REST API он спрашивает у остальных их позицию WAL ({answers}): никто не опережает его {lsn}, поэтому он вступает в гонку за ключ.',
  'scenario.patroni.step.pg-2-promotes':
    'pg-2 выигрывает compare-and-swap (создать, только если ключа нет) и выполняет pg_ctl promote.',
  'scenario.patroni.step.pg-2-is-primary':
    'pg-2 — writable primary на timeline {token}. pg-3 ещё в своём цикле HA: чуть позже он увидит, что pg-2 впереди, и начнёт реплицировать с него.',
  'scenario.patroni.step.writes-reach-pg-2':
    'После {haproxyRise, plural, one {# успешной проверки} few {# успешных проверок} many {# успешных проверок} other {# успешной проверки}} HAProxy помечает {backend} доступным: записи клиентов снова идут, теперь на новый primary. pg-3 уже реплицирует с него.',
  'scenario.sandbox.title': 'Песочница',
  'scenario.sandbox.summary':
    'Свободный режим: исправный кластер и никакого сценария. Выберите алгоритм, вносите сбои в позиции курсора, меняйте параметры и следите за метриками.',
  'scenario.sandbox.step.free-play':
    'Свободный режим: щёлкните правой кнопкой или нажмите Enter на узле, чтобы внести сбой в позиции курсора. «Шаг назад» и «Шаг вперёд» переходят между вашими сбоями.',

  // heartbeat-no-confirm
  'scenario.heartbeat-no-confirm.title': 'Heartbeat без подтверждения',
  'scenario.heartbeat-no-confirm.summary':
    'node-1 лидирует через lease в etcd и принимает записи в свою базу. Его keepalive начинают теряться по дороге к etcd, но он никогда не проверяет, что etcd их подтвердил. Lease истекает, лидером становится node-4, а node-1 продолжает писать: два primary. Исправление: слагать полномочия, если ни одно продление не подтверждено в пределах renew deadline.',
  'scenario.heartbeat-no-confirm.tagline':
    'Лидер, который не проверяет подтверждение своих keepalive, продолжает писать, когда его lease уже истёк.',
  'scenario.heartbeat-no-confirm.step.primary-on-a-lease':
    'Пять узлов базы данных выбирают primary через один ключ в etcd под lease на {ttlS} с, который владелец продлевает каждые {renewS} с. Primary принимает записи в свою копию данных.',
  'scenario.heartbeat-no-confirm.step.node-1-leads':
    'node-1 берёт ключ лидера с token-ом {token}. Он primary и принимает записи.',
  'scenario.heartbeat-no-confirm.step.keepalives-lost':
    'С этого момента всё, что node-1 шлёт в etcd, теряется по дороге: сбой в одну сторону. Keepalive уходят вовремя, но ни один не доходит, поэтому и ответа нет.',
  'scenario.heartbeat-no-confirm.step.renew-deadline':
    'С исправлением продлевает только подтверждённый keepalive. В пределах renew deadline (часть TTL в {ttlS} с) ни один не подтвердился, поэтому node-1 перестаёт писать и слагает полномочия, пока etcd ещё держит его lease.',
  'scenario.heartbeat-no-confirm.step.never-checks':
    'node-1 считает каждый отправленный keepalive продлением. Он не проверяет, что etcd хоть один подтвердил, поэтому думает «я ещё лидер» и продолжает писать.',
  'scenario.heartbeat-no-confirm.step.lease-expires':
    'etcd {ttlS} с ничего не слышал от node-1: lease истекает, и ключ лидера удаляется.',
  'scenario.heartbeat-no-confirm.step.second-leader':
    '{node} берёт свободный ключ с token-ом {token} и начинает принимать записи как новый primary.',
  'scenario.heartbeat-no-confirm.step.both-write':
    'ОБА ПИШУТ: {nodes} оба считают себя primary, и каждый принял записи в свою копию. Данные расходятся.',
  'scenario.heartbeat-no-confirm.step.link-restored': 'Связь починили: пакеты node-1 снова доходят до etcd.',
  'scenario.heartbeat-no-confirm.step.ttl-zero':
    'Следующий keepalive node-1 доходит до etcd, и тот отвечает TTL 0: этого lease больше нет. Только теперь node-1 слагает полномочия — после многих секунд записей, которых новый primary не видел.',
  'scenario.heartbeat-no-confirm.step.why-confirm':
    'Отправленный keepalive — ещё не подтверждённый. Включите исправление: продлевает только keepalive с ответом, и лидер без подтверждённого продления в пределах renew deadline слагает полномочия раньше, чем lease может истечь.',
  'scenario.heartbeat-no-confirm.step.one-primary':
    'Один primary за раз: node-1 сдался до того, как lease мог истечь, потому что считал только подтверждённые продления (RenewDeadline в client-go, session в etcd). Те же сбои — и никакой второй копии данных.',

  // gossip-leader
  'scenario.gossip-leader.title': 'Лидер через gossip',
  'scenario.gossip-leader.summary':
    'Пять узлов базы данных распространяют, кто лидер, через gossip — без store и без голосования. Когда лидер падает, два узла подозревают его в одном и том же раунде, и каждый объявляет себя лидером: оба принимают записи, пока следующий раунд не сообщит одному из них о другом. Для service discovery это терпимо, для primary базы данных — катастрофа. Исправление: lease в etcd.',
  'scenario.gossip-leader.tagline':
    'Через gossip лидерство согласуется лишь в конечном счёте: между раундами лидеров может быть два, и тогда у базы два primary.',
  'scenario.gossip-leader.step.gossip-views':
    'Пять узлов базы данных и никакого coordination store. Каждые {gossipIntervalMs} мс каждый узел отправляет {fanout} случайным соседям своё представление о том, кто лидер, — так service discovery распространяет список участников.',
  'scenario.gossip-leader.step.first-claim':
    'node-1 не слышал ни о каком лидере, поэтому объявляет себя лидером эпохи {epoch}: никого не спрашивают. Его заявка за раунд доходит до нескольких соседей, и они передают её дальше.',
  'scenario.gossip-leader.step.leader-crashes':
    'node-1 падает. Никто об этом не сообщает: счётчик heartbeat, который он распространял через gossip, просто перестаёт расти.',
  'scenario.gossip-leader.step.first-claimant':
    '{node} уже {suspectTimeoutMs} мс не видит нового heartbeat от node-1. Он объявляет себя лидером эпохи {epoch} и начинает принимать записи как primary.',
  'scenario.gossip-leader.step.second-claimant':
    'Эта заявка до него ещё не дошла, и {node} тоже подозревает node-1 и объявляет себя лидером эпохи {epoch}. Между двумя раундами gossip два узла считают себя лидерами.',
  'scenario.gossip-leader.step.both-write':
    'ОБА ПИШУТ: {nodes} оба приняли записи в свои копии. Для service discovery это безвредно: клиент спросит ещё раз и попадёт к текущему лидеру. У primary базы данных копии расходятся.',
  'scenario.gossip-leader.step.yields':
    'Раунд gossip доносит до {node} заявку {to}: та же эпоха, но id меньше, поэтому {node} отступает. Представления сходятся, но записи, которые принял {node}, есть только в его копии.',
  'scenario.gossip-leader.step.why-lease':
    'Gossip даёт eventual consistency лидерства: сколько времени лидеров два, зависит от раунда и fanout, и ничто не держит это время на нуле. Включите исправление: lease в etcd, который может держать только один узел за раз.',
  'scenario.gossip-leader.step.lucky-rounds':
    'На этот раз заявки не пересеклись настолько, чтобы оба успели записать, но в gossip ничто этому не мешает: он лишь со временем приводит представления к согласию. Включите исправление: lease в etcd, который может держать только один узел за раз.',
  'scenario.gossip-leader.step.lease-start':
    'Исправление: те же пять узлов базы данных выбирают primary через один ключ в etcd под lease на {ttlS} с. Записи принимает только владелец ключа.',
  'scenario.gossip-leader.step.lease-holder':
    'node-1 берёт ключ с token-ом {token} и становится единственным primary.',
  'scenario.gossip-leader.step.lease-holder-crashes':
    'node-1 падает, как и в прогоне с gossip. Его lease держит ключ ещё до {ttlS} с.',
  'scenario.gossip-leader.step.lease-expires':
    'etcd {ttlS} с не получал keepalive: lease истекает, и ключ свободен.',
  'scenario.gossip-leader.step.one-new-leader':
    '{node} берёт ключ с token-ом {token}. Остальные тоже пытаются, но compare-and-swap даёт победить только одному.',
  'scenario.gossip-leader.step.one-at-a-time':
    'Один primary за раз: кто лидер, решает store, поэтому два узла никогда не считают себя лидерами одновременно. Цена — ожидание, пока истечёт lease, и store, который должен оставаться доступным.',
  // kubernetes-lease
  'scenario.kubernetes-lease.title': 'Lease в Kubernetes (client-go)',
  'scenario.kubernetes-lease.summary':
    'Три инстанса kube-controller-manager делят один объект Lease в API server. Лидер падает; через leaseDuration оба резервных инстанса пытаются забрать Lease с одним и тем же resourceVersion, один получает 409 Conflict, другой становится лидером с leaseTransitions + 1.',
  'scenario.kubernetes-lease.tagline':
    'leaderelection из client-go на объекте Lease: compare-and-swap по resourceVersion, 409 Conflict и leaseTransitions как token.',
  'scenario.kubernetes-lease.step.lease-created':
    'node-1 стартует первым. GET не находит Lease (404), и он делает CREATE kube-system/kube-controller-manager с holderIdentity {identity} (hostname и uuid, выбранный при старте) и leaseTransitions {leaseTransitions}. API server хранит объект в etcd; resourceVersion {resourceVersion} — это ревизия etcd для этой записи.',
  'scenario.kubernetes-lease.step.standby-polls':
    'node-2 стартует резервным. Он делает GET, видит, что Lease держит node-1, и запоминает запись и время по своим часам (observedTime). Следующая попытка — после паузы с jitter: {retryPeriodS} с × от 1 до 2,2.',
  'scenario.kubernetes-lease.step.renewal':
    'Каждые {retryPeriodS} с node-1 продлевает Lease: UPDATE с новым renewTime и последним прочитанным resourceVersion ({resourceVersion}). Каждый резервный инстанс, увидев изменение записи, начинает свой отсчёт заново.',
  'scenario.kubernetes-lease.step.leader-crashes':
    'node-1, лидер, падает. В Lease по-прежнему его имя: никто запись не удаляет, она просто перестаёт меняться.',
  'scenario.kubernetes-lease.step.expired':
    'По часам {node} Lease не менялся уже {unchangedForMs} мс — дольше leaseDuration ({leaseDurationS} с). Отсчёт идёт от момента, когда он последний раз видел изменение записи, а не от renewTime, поэтому часам не нужно совпадать. Он отправляет UPDATE с resourceVersion {resourceVersion}.',
  'scenario.kubernetes-lease.step.takes-over':
    'UPDATE от {node} пришёл первым, и он становится лидером: записал свою holderIdentity и увеличил leaseTransitions до {token}. Каждая смена владельца добавляет ровно единицу, поэтому это число работает как fencing token.',
  'scenario.kubernetes-lease.step.conflict':
    '{node} прочитал тот же resourceVersion {resourceVersion} и отправил свой UPDATE чуть позже. Lease уже изменился, и API server отвечает 409 Conflict (в etcd не прошло сравнение mod_revision в txn). {node} остаётся резервным.',
  'scenario.kubernetes-lease.step.fenced-write':
    'Контроллеры {node} пишут с token {token}. С этой записи хранилище отвергает любой меньший token: старый лидер, который завис и проснулся в уверенности, что всё ещё лидер (client-go ему не мешает), получит 409 STALE TOKEN. Только с этой записи: хранилище может отвергнуть лишь token меньше того, что уже видело.',
  // zookeeper
  'scenario.zookeeper.title': 'Рецепт выборов в ZooKeeper',
  'scenario.zookeeper.summary':
    'Пять кандидатов создают по эфемерному последовательному znode в /election; лидирует наименьший, а каждый из остальных следит только за znode сразу перед своим. Лидер падает, его сессия истекает, znode исчезает, и узнаёт об этом только следующий в очереди. С herd=on все следят за лидером, и просыпаются все.',
  'scenario.zookeeper.tagline':
    'Эфемерные последовательные znode, лидирует наименьший, и по одному watch на кандидата вместо стада.',
  'scenario.zookeeper.step.znodes-created':
    'Каждый кандидат открывает сессию и создаёт эфемерный последовательный znode в /election. node-1 первый: ZooKeeper называет его znode {path}, и этот znode живёт, только пока жива сессия node-1.',
  'scenario.zookeeper.step.lowest-leads':
    'getChildren перечисляет /election, и у znode node-1 наименьший порядковый номер: node-1 — лидер, его token {token}.',
  'scenario.zookeeper.step.watch-predecessor':
    'node-3 не наименьший, поэтому вызывает exists() с watch на {path}: по умолчанию это znode сразу перед его собственным ({mine}), с herd=on — znode лидера. Watch срабатывает один раз.',
  'scenario.zookeeper.step.leader-crashes':
    'node-1 падает. Он перестаёт слать ping, но ZooKeeper хранит его сессию, а с ней и znode, пока не пройдёт session timeout ({sessionTimeoutMs} мс) в тишине.',
  'scenario.zookeeper.step.session-expires':
    'ZooKeeper объявляет сессию node-1 истёкшей и удаляет его эфемерный znode. Для остальных лидера больше нет.',
  'scenario.zookeeper.step.watch-fires':
    'Это удаление вызывает {count, plural, one {# событие watch} few {# события watch} many {# событий watch} other {# события watch}}, для {watchers}. По рецепту за лидером следит только следующий в очереди; с herd=on следят все, и все разом возвращаются за getChildren.',
  'scenario.zookeeper.step.next-leads':
    '{node} снова перечисляет /election: теперь его znode наименьший, и он становится лидером с token {token} — своим порядковым номером. Порядковые номера только растут, поэтому у более позднего лидера token всегда больше.',
  'scenario.zookeeper.step.fenced-write':
    '{node} пишет с token {token}. Наименьший znode не сообщит зависшему старому лидеру, что тот проиграл; его остановит хранилище, которое отвергает меньшие token.',
  // external-scheduler
  'scenario.external-scheduler.title': 'Внешний планировщик: CronJob запускает job один раз',
  'scenario.external-scheduler.summary':
    'Ночной job уходит из приложения: CronJob в Kubernetes с concurrencyPolicy Forbid запускает по одному Job-у на слот, а двадцать инстансов приложения не делают ничего особенного. В 3:00 планировщик лежит и поднимается только в 3:02: при startingDeadlineSeconds 300 запуск начинается с опозданием, но один раз. При startingDeadlineSeconds=60 слот пропускается: ни Job-а, ни события.',
  'scenario.external-scheduler.tagline':
    'CronJob вместо выборов: один запуск на слот, и что делает startingDeadlineSeconds, когда планировщик лежит.',
  'scenario.external-scheduler.step.twenty-up':
    'Сейчас 02:59:50. Работают двадцать инстансов сервиса биллинга, и ни один ничего не планирует: ночной job — это CronJob billing (0 3 * * *, concurrencyPolicy Forbid, startingDeadlineSeconds {startingDeadlineSeconds} с), а запускает его контроллер CronJob в kube-controller-manager.',
  'scenario.external-scheduler.step.first-sync':
    'Контроллер ничего не хранит у себя: он читает CronJob из API server. status.lastScheduleTime — {lastSchedule}, вчерашний запуск; следующий слот — 3:00.',
  'scenario.external-scheduler.step.controller-down':
    '02:59:55: падает узел control plane, а с ним и kube-controller-manager. Инстансы продолжают обслуживать запросы. В 3:00 job никто не запускает: ни один инстанс и не собирался.',
  'scenario.external-scheduler.step.controller-back':
    '03:02:00: kube-controller-manager снова работает. Информеры перечисляют все CronJob, и контроллер сразу синхронизирует billing — через две минуты после слота.',
  'scenario.external-scheduler.step.passed-over':
    'Контроллер ищет невыполненные слоты только начиная с «сейчас − startingDeadlineSeconds» ({deadlineS} с), а слот {slot} наступил уже {lateS} с назад: контроллер ничего не находит и Job не создаёт. События тоже нет (предупреждение MissSchedule — для слота внутри этого окна). Запуск пропущен, и API считает пропущенный запуск неудачным.',
  'scenario.external-scheduler.step.nothing-ran':
    'Сегодня ночью биллинг не запускался, и Kubernetes не поднял тревогу: следующий слот — завтра в 3:00. Следите за status.lastSuccessfulTime сами и давайте startingDeadlineSeconds запас на простой control plane.',
  'scenario.external-scheduler.step.late-run':
    'Слот {slot} наступил {lateS} с назад — это в пределах startingDeadlineSeconds: контроллер создаёт Job {job} с опозданием и записывает 3:00 в status.lastScheduleTime. Имя берётся из минуты слота, так что второй Create для него получил бы 409 AlreadyExists.',
  'scenario.external-scheduler.step.pod-runs':
    'Pod этого Job-а стартует на каком-то узле кластера, вне инстансов приложения: один запуск job-а биллинга.',
  'scenario.external-scheduler.step.one-run':
    'Pod завершается успешно, Job переходит в Complete. Один запуск на слот 3:00: не двадцать, потому что ни один инстанс его не запускает, и не два, потому что этот слот теперь записан в status.lastScheduleTime. Будь startingDeadlineSeconds меньше двух минут простоя (startingDeadlineSeconds=60), слот был бы пропущен.',
  // twenty-instances
  'scenario.twenty-instances.title': 'Двадцать инстансов, двадцать писем',
  'scenario.twenty-instances.summary':
    'Биллинговый job на 3:00 писали под один инстанс. Теперь их двадцать, и выборов нет: каждый запускает job, каждый должник получает двадцать писем, база получает двадцать одинаковых сканов, а обновление статуса идёт двадцать раз параллельно.',
  'scenario.twenty-instances.tagline': 'Двадцать инстансов без выборов: ночной job запускается двадцать раз.',
  'scenario.twenty-instances.step.twenty-up':
    '02:59:50. Поднято двадцать одинаковых инстансов биллинг-сервиса, у каждого тот же job на 3:00.',
  'scenario.twenty-instances.step.no-election':
    'Никто не выбирает одного из них: scheduler каждого инстанса срабатывает сам по себе, как тогда, когда инстанс был один.',
  'scenario.twenty-instances.step.twenty-up-elect':
    '02:59:50. Поднято двадцать одинаковых инстансов биллинг-сервиса, у каждого тот же job на 3:00. С исправлением они сначала выбирают один: каждый читает строку лидера в базе данных.',
  'scenario.twenty-instances.step.row-free':
    'Строка свободна (token 0, узла нет), и каждый инстанс отправляет свою заявку, как только вернётся его чтение: двадцать заявок борются за одну строку.',
  'scenario.twenty-instances.step.one-update':
    'Обновление статуса от лидера несёт его token: UPDATE применяется, только пока в строке лидера всё ещё token {token}. Так и есть, и оно выполняется один раз, для каждого должника.',
  'scenario.twenty-instances.step.one-wins':
    'С исправлением каждый инстанс захватывает строку leader через UPDATE … SET token=token+1 WHERE token=0. База выполняет их по очереди: UPDATE от {node} меняет строку (UPDATE 1), и он становится лидером с token {token}; остальные девятнадцать видят token 1 и ничего не меняют (UPDATE 0).',
  'scenario.twenty-instances.step.three-am':
    '3:00. {node} запускает биллинговый job, и остальные девятнадцать тоже: двадцать одинаковых сканов просроченных счетов одновременно бьют в базу.',
  'scenario.twenty-instances.step.leader-runs':
    '3:00. Cron срабатывает у всех инстансов, но job запускает только лидер, {node}: один скан счетов.',
  'scenario.twenty-instances.step.twenty-updates':
    'Все двадцать нашли одних и тех же должников, так что обновление статуса прошло двадцать раз параллельно. В строках reminded_by {node}: кто пришёл последним. Результат зависит от порядка.',
  'scenario.twenty-instances.step.twenty-emails':
    'У каждого должника в outbox двадцать писем-напоминаний. Запустить двадцать раз не значит «надёжнее»: некоторым задачам нужна эксклюзивность, и её надо строить намеренно.',
  'scenario.twenty-instances.step.one-email':
    'Одно обновление статуса, защищённое token-ом лидера: у каждого должника одно письмо. Лидер продлевает lease каждые несколько секунд; если он упадёт, lease истечёт, и job возьмёт другой инстанс.',
  // leader-flag
  'scenario.leader-flag.title': 'Флаг лидерства без срока',
  'scenario.leader-flag.summary':
    'Лидер — это строка в таблице без срока действия. node-1 держит её и падает с выставленным флагом. Никто не перенимает роль, и job просто перестаёт выполняться: ни одной ошибки, только тишина, пока тревога на сам job не сообщит, что он слишком давно не запускался.',
  'scenario.leader-flag.tagline': 'Лидер падает с выставленным флагом: job встаёт, и ни одной ошибки.',
  'scenario.leader-flag.step.flag-set':
    'Пять инстансов читают строку leader и пытаются её захватить. UPDATE от node-1 приходит первым и меняет её: node = node-1. Остальные четыре получают UPDATE 0 и становятся ведомыми.',
  'scenario.leader-flag.step.job-runs':
    'Пора запускать job (здесь каждые {jobEveryMs} мс, в жизни — раз в ночь). Запускает только node-1, лидер: один скан, одно обновление статуса, одно письмо на клиента.',
  'scenario.leader-flag.step.leader-dies': 'node-1 падает, а в строке по-прежнему node = node-1.',
  'scenario.leader-flag.step.silence':
    'Флаг никогда не истекает: остальные читают строку и снова и снова находят там node-1, мёртвого лидера. Job остановился, и никаких ошибок. Срабатывает только тревога на сам job: он не запускался уже больше {jobAlarmMs} мс.',
  'scenario.leader-flag.step.job-again':
    'Строка истекла, {node} захватил её и снова запускает job. Это и есть исправление: lease с TTL и продлением, чтобы смерть лидера освобождала роль сама.',
  'scenario.leader-flag.step.row-expires':
    'node-1 продлевал строку каждые {renewS} с; без продления её lease истекает через {leaseTtlS} с после последнего. {node} видит, что строка истекла, захватывает её и становится лидером с token {token}.',
  'scenario.leader-flag.step.lease-lesson':
    'Job стоял, только пока не истёк lease строки и не наступило его следующее время запуска; никому не пришлось ничего замечать. И всё же следите за запусками самой задачи: так видно то, чего не покажет lease, например лидера, который держит строку, но не запускает job.',
  'scenario.leader-flag.step.lesson':
    'В продакшене это обнаруживают через несколько дней, когда кто-то замечает, что отчёты перестали приходить. Всегда lease с TTL и продлением, и мониторьте выполнение задачи, а не здоровье лидера.',
  // update-without-token
  'scenario.update-without-token.title': 'UPDATE без token-а',
  'scenario.update-without-token.summary':
    'Два инстанса наперегонки выполняют UPDATE leader SET node = me WHERE TRUE над свободной строкой leader. Оба запроса меняют строку, оба инстанса считают, что победили, оба запускают job и пишут: два лидера.',
  'scenario.update-without-token.tagline': 'UPDATE … WHERE TRUE: оба инстанса выигрывают строку leader.',
  'scenario.update-without-token.step.one-wins': '{node} получает UPDATE 1: он лидер, с token {token}.',
  'scenario.update-without-token.step.fenced-update':
    'Когда приходит время job-а, его запускает только {node}. Его обновление статуса несёт token {token}, и база его принимает: одно письмо на клиента.',
  'scenario.update-without-token.step.both-read':
    'node-1 и node-2 стартуют в один момент. Каждый читает строку leader, и каждый видит её свободной: node IS NULL.',
  'scenario.update-without-token.step.first-claim':
    'Запрос от {from} доходит до базы первым: {sql}. Он меняет строку: UPDATE 1.',
  'scenario.update-without-token.step.second-claim':
    'Затем запрос от {from}: {sql}. Он ждал row lock первого, и PostgreSQL перепроверяет его WHERE на строке в том виде, в каком её оставил первый.',
  'scenario.update-without-token.step.two-leaders':
    'UPDATE 1 у обоих: node-1 и node-2 оба уверены, что победили. WHERE TRUE вообще не смотрит, кто держит строку. Это race condition.',
  'scenario.update-without-token.step.one-leader':
    'С token-ом в WHERE второй запрос видит token 1, а не 0: UPDATE 0. {node} знает, что проиграл, и лидер ровно один.',
  'scenario.update-without-token.step.both-write':
    'Когда приходит время job-а, его запускают оба лидера, и база принимает оба обновления статуса: каждый клиент получает два письма. Два лидера, оба пишут.',
  'scenario.update-without-token.step.fenced-job':
    'Job запустил только лидер, и его UPDATE нёс его token: каждый клиент получил одно письмо. UPDATE leader SET node=me, token=token+1 WHERE token=$current — это всё исправление, хотя готовый lease (etcd, Kubernetes Lease) лучше самописного.',
  // even-quorum
  'scenario.even-quorum.title': 'Кворум на чётном числе узлов',
  'scenario.even-quorum.summary':
    'Четыре узла выбирают лидера по heartbeats с кворумом: лидеру нужно 3 голоса из 4. Разделение сети делит их 2|2 на 10 с; ни у одной стороны нет трёх, поэтому лидера нет и ни одна запись не принимается, пока связь не вернётся. С пятью узлами тот же разрез даёт 2|3, и сторона из трёх сразу выбирает лидера.',
  'scenario.even-quorum.tagline':
    'Четыре узла делятся 2|2: ни у одной половины нет кворума, и весь кластер перестаёт писать.',
  'scenario.even-quorum.step.four-nodes':
    'Четыре узла выбирают лидера по heartbeats, кворум включён: лидеру нужны голоса большинства всего кластера, floor(4/2)+1 = 3 из 4.',
  'scenario.even-quorum.step.first-leader':
    '{node} побеждает в терме {term}, набрав {votes} из {cluster} голосов, и начинает принимать записи.',
  'scenario.even-quorum.step.split-2-2':
    'Разделение сети режет кластер пополам: node-1 и node-2 с одной стороны, node-3 и node-4 с другой. На каждой стороне 2 узла, а кворум — 3.',
  'scenario.even-quorum.step.leader-steps-down':
    '{node} получает подтверждения только от одного соседа: 2 из 4 — не большинство. Он перестаёт принимать записи и слагает полномочия: так работает CheckQuorum, расширение Raft, которое включено в etcd.',
  'scenario.even-quorum.step.nobody-can-win':
    '{node} просит голоса и получает {votes}, а нужно {needed}. Ни на одной стороне никто не наберёт 3, поэтому лидер не выбирается и записи не принимаются.',
  'scenario.even-quorum.step.heal':
    'Через 10 с связь восстанавливается. Всё это время кластер не принял ни одной записи.',
  'scenario.even-quorum.step.leader-again':
    'Только теперь {node} может собрать {votes} из {cluster} голосов: он лидер терма {term}.',
  'scenario.even-quorum.step.why-odd':
    'Четвёртый узел не добавляет отказоустойчивости (большинство из 4 — это 3, так что кластер по-прежнему переживает потерю только одного узла), зато делает возможным раскол пополам. Шесть узлов при разделении 3|3 встают точно так же. Поэтому берите нечётное число: 3, 5 или 7.',
  'scenario.even-quorum.step.five-nodes':
    'Исправление: пятый узел. Теперь лидеру нужно floor(5/2)+1 = 3 голоса из 5, и любой разрез на две части оставляет хотя бы на одной стороне 3 узла.',
  'scenario.even-quorum.step.split-2-3':
    'Тот же разрез, пятый узел — на дальней стороне: node-1 и node-2 | node-3, node-4 и node-5. Исправление меняет и само разделение: при пяти узлах одна сторона обязательно больше.',
  'scenario.even-quorum.step.minority-leader-steps-down':
    '{node} оказался на стороне из двух узлов: 2 из 5 — не большинство, поэтому он перестаёт принимать записи и слагает полномочия.',
  'scenario.even-quorum.step.majority-elects':
    '{node} побеждает в терме {term}, набрав {votes} из {cluster} голосов: у стороны из трёх узлов есть кворум, и она выбирает лидера за один election timeout.',
  'scenario.even-quorum.step.majority-writes':
    '{node} снова принимает записи, пока разделение продолжается. Ждут только два отрезанных узла.',
  'scenario.even-quorum.step.heal-minority-follows':
    'Связь восстанавливается; node-1 и node-2 слышат лидера нового терма и становятся его ведомыми.',
  'scenario.even-quorum.step.why-odd-works':
    'При нечётном числе узлов разрез на две части всегда оставляет большинство на одной стороне, и кластер продолжает писать. Пять узлов переживают потерю двух, четыре — только одного.',

  // short-timeout
  'scenario.short-timeout.title': 'Слишком короткий election timeout',
  'scenario.short-timeout.summary':
    'Пять узлов выбирают лидера по heartbeats с election timeout в 1 с — в течение часа обычных GC-пауз и сети, где самый медленный 1% сообщений идёт дольше 300 мс. Каждая пауза лидера длиннее секунды превращается в выборы, и каждые выборы — окно недоступности записей. С таймаутом 10 с (случайным, до 20 с) те же паузы проходят без выборов.',
  'scenario.short-timeout.tagline':
    'Election timeout в 1 с превращает каждую долгую GC-паузу в выборы и окно без записей.',
  'scenario.short-timeout.step.one-second':
    'Пять узлов выбирают лидера по heartbeats, с кворумом. Лидер шлёт HEARTBEAT каждые {heartbeatIntervalMs} мс, а ведомый, который ничего не слышит 1 с (со случайной добавкой — до 1,5 с), начинает выборы. Звучит как быстрый failover.',
  'scenario.short-timeout.step.first-leader':
    '{node} побеждает в терме {term}, набрав {votes} из {cluster} голосов, и начинает принимать записи.',
  'scenario.short-timeout.step.gc-pause':
    '{node} замирает в GC-паузе на {durationMs} мс. Он не умер и вернётся, но пауза длиннее таймаута в 1 с.',
  'scenario.short-timeout.step.followers-give-up':
    '{node} уже {timeoutMs} мс не получает HEARTBEAT, перестаёт ждать лидера и просит голоса.',
  'scenario.short-timeout.step.re-elected':
    '{node} побеждает в терме {term}. Старый лидер был всего лишь на паузе; с начала паузы и до этого момента ни одна запись не принята.',
  'scenario.short-timeout.step.old-leader-returns':
    'node-3 просыпается, узнаёт о новом терме и слагает полномочия. Теперь клиентам нужно найти нового лидера.',
  'scenario.short-timeout.step.tenth-election':
    'Ещё одна долгая пауза, ещё одни выборы: {node} — лидер терма {term}, это уже 10-е выборы за час, и каждые — окно без записей.',
  'scenario.short-timeout.step.the-hour':
    'За этот час ничего не упало: каждый новый лидер сменил того, кто был всего лишь на паузе. Таймаут подобрали под типичную паузу и типичное сообщение, а не под 99-й перцентиль. Для выборов по heartbeat внутри приложения берут 10–30 с с jitter.',
  'scenario.short-timeout.step.ten-seconds':
    'Исправление: election timeout 10 с, случайный до 20 с. Тот же кластер, те же GC-паузы, тот же хвост задержек сети.',
  'scenario.short-timeout.step.gc-pause-ridden-out':
    '{node} замирает в GC-паузе на {durationMs} мс. Ведомые продолжают ждать: они сдаются только после 10 с тишины.',
  'scenario.short-timeout.step.leader-resumes':
    '{node} продолжает работу и снова шлёт HEARTBEAT. Никто не начал выборы, и записи идут дальше с того места, где остановились.',
  'scenario.short-timeout.step.the-hour-fixed':
    'Тот же час — и всего одни выборы, самые первые. Цена длинного таймаута: лидера, который действительно упал, заметят только через 10–20 с.',

  // bully-at-scale
  'scenario.bully-at-scale.title': 'Bully на 100 узлах в нестабильной сети',
  'scenario.bully-at-scale.summary':
    'Сто узлов работают по Bully, а сеть мигает: каждые 10 с на 3 с node-1..node-50 теряют связь с node-51..node-100. Каждый раз нижняя половина запускает 50 выборов сразу, и каждый из них шлёт ELECTION всем узлам с бо́льшим id: шторм из тысяч сообщений. Тот же кластер, выбирающий лидера через lease в etcd, шлёт несколько keepalive и повторных попыток, что бы ни творилось в сети.',
  'scenario.bully-at-scale.tagline':
    'Bully на 100 узлах: каждое мигание сети запускает шторм выборов на O(n²) сообщений.',
  'scenario.bully-at-scale.step.hundred-nodes':
    '{n, plural, one {# узел работает} few {# узла работают} many {# узлов работают} other {# узла работают}} по Bully. {last}, узел с наибольшим id, — координатор: он шлёт HEARTBEAT всем остальным каждые {heartbeatIntervalMs} мс.',
  'scenario.bully-at-scale.step.flap':
    'Сеть мигает: на 3 с node-1..node-50 теряют связь с node-51..node-100. Это будет повторяться каждые 10 с.',
  'scenario.bully-at-scale.step.storm':
    '{node} уже {timeoutMs} мс не слышит HEARTBEAT и шлёт ELECTION всем узлам с бо́льшим id. За полсекунды то же делает каждый узел его половины, а каждый, кто получил ELECTION, отвечает OK и начинает собственные выборы: шторм выборов.',
  'scenario.bully-at-scale.step.half-coordinator':
    '{node}, наибольший id, до которого дотягивается его половина, объявляет себя COORDINATOR. Шторм на этот момент: {messages, plural, one {# сообщение} few {# сообщения} many {# сообщений} other {# сообщения}} ({elections} ELECTION, {oks} OK, {coordinators} COORDINATOR).',
  'scenario.bully-at-scale.step.heal':
    'Через 3 с связь восстанавливается, и HEARTBEAT от {last} возвращает нижнюю половину к нему.',
  'scenario.bully-at-scale.step.storm-again':
    'Сеть снова мигает, и шторм повторяется: {messages, plural, one {# сообщение} few {# сообщения} many {# сообщений} other {# сообщения}} выборов с начала прогона — ради координатора, который никому не был нужен.',
  'scenario.bully-at-scale.step.per-minute':
    'Bully тратит O(n²) сообщений на каждую смену координатора. На 100 узлах в мигающей сети выборы заливают ту самую сеть, в которой идут, и каждое мигание приносит новые.',
  'scenario.bully-at-scale.step.lease-instead':
    'Исправление: те же {n, plural, one {# узел выбирает} few {# узла выбирают} many {# узлов выбирают} other {# узла выбирают}} лидера через lease в etcd. Каждый узел говорит только со store: кампания — это один compare-and-swap, а лидер продлевает lease каждые {renewS} с.',
  'scenario.bully-at-scale.step.lease-leader':
    '{node} выигрывает кампанию с token {token}. Остальные проиграли compare-and-swap и время от времени пробуют снова; друг другу они не пишут никогда.',
  'scenario.bully-at-scale.step.flap-lease':
    'Те же мигания каждые 10 с: node-1..node-50 отрезаны от node-51..node-100. etcd не входит ни в одну половину (это отдельный кластер, доступный обеим), а узлам и не нужно было связываться друг с другом.',
  'scenario.bully-at-scale.step.no-storm':
    'Связь восстанавливается, и ничего не произошло: ни выборов, ни лишних сообщений. Лидер по-прежнему держит свой lease.',
  'scenario.bully-at-scale.step.lease-cost':
    'Цена lease постоянна: keepalive от лидера и повторные попытки ведомых, что бы ни происходило в сети между узлами. Цена шторма росла как n², эта растёт как n.',
  // catalogue taglines of the five stories and the sandbox
  'scenario.bully.tagline': 'Координатор падает; старший живой id берёт власть за O(n²) сообщений.',
  'scenario.etcd-lease.tagline':
    'Лидер держит lease в etcd; когда он умирает, TTL решает, когда придёт другой.',
  'scenario.split-brain.tagline':
    'Heartbeat без кворума: после разделения сети два лидера пишут одновременно.',
  'scenario.fencing-token.tagline':
    'Лидер просыпается после паузы GC и пишет; хранилище отвергает устаревший token: 409.',
  'scenario.patroni.tagline':
    'Primary PostgreSQL падает; Patroni повышает реплику до primary, HAProxy переводит на неё трафик.',
  'scenario.sandbox.tagline':
    'Свободный режим: выберите алгоритм, вносите сбои, меняйте параметры, смотрите метрики.',
  // lease-no-fencing
  'scenario.lease-no-fencing.title': 'Lease без fencing',
  'scenario.lease-no-fencing.summary':
    'node-1 — лидер с lease на 30 с; сразу после проверки lease он замирает в GC-паузе. Lease истекает, избирается node-3 и пишет. node-1 просыпается и отправляет подготовленную запись со старым token 42. Хранилище не проверяет token-ы: запись принята, и в хранилище остаётся значение смещённого лидера. Покажите исправление: хранилище проверяет token и отвечает 409.',
  'scenario.lease-no-fencing.tagline':
    'GC-пауза длиннее lease; запись смещённого лидера ложится поверх записи нового.',
  'scenario.lease-no-fencing.step.node-2-down':
    'В этой истории node-2 выведен на обслуживание, поэтому следующий в очереди после node-1 — node-3.',
  'scenario.lease-no-fencing.step.token-42':
    'node-1 захватывает ключ лидера с lease на {ttlS} с, и та же транзакция выдаёт ему token {token}. Защищённое хранилище token-ы не проверяет.',
  'scenario.lease-no-fencing.step.token-42-checked':
    'node-1 захватывает ключ лидера с lease на {ttlS} с, и та же транзакция выдаёт ему token {token}. С исправлением хранилище внизу проверяет token-ы: оно отвергает любой token меньше наибольшего из уже принятых.',
  'scenario.lease-no-fencing.step.lease-checked':
    'Подошло время задачи node-1. Он проверяет lease (по его собственному счёту осталось {remainingMs} мс, с запасом на дрейф часов: отсчёт etcd на панели показывает больше) и начинает готовить запись.',
  'scenario.lease-no-fencing.step.gc-pause':
    'GC-пауза замораживает node-1 на {durationMs} мс — дольше, чем TTL в {ttlS} с. Он не может ни продлить lease, ни заметить это.',
  'scenario.lease-no-fencing.step.lease-expires':
    'Lease делает своё дело: он истекает, и etcd удаляет ключ лидера. Для кластера node-1 больше нет.',
  'scenario.lease-no-fencing.step.token-43':
    'node-3 захватывает ключ, всё по правилам: он лидер с token {token}.',
  'scenario.lease-no-fencing.step.node-3-writes':
    'node-3 записывает свой отчёт {value} с token {token}. В хранилище лежит {value}.',
  'scenario.lease-no-fencing.step.node-1-wakes':
    'node-1 просыпается и продолжает с того места, где остановился: подготовленная запись уходит с token {token}. Только потом срабатывают его таймеры: lease давно истёк, и он перестаёт быть лидером, но запись уже отправлена.',
  'scenario.lease-no-fencing.step.stale-accepted':
    'Хранилище уже видело {seen}, но всё равно принимает token {token}: теперь в нём {value} — запись смещённого лидера поверх записи node-3. Выборы не сломались; ущерб — в данных.',
  'scenario.lease-no-fencing.step.stale-rejected':
    'С исправлением хранилище проверяет token: оно уже видело {seen}, поэтому token {token} получает 409 STALE TOKEN. В хранилище остаётся отчёт node-3.',
  // check-before-act
  'scenario.check-before-act.title': 'Проверяй перед действием',
  'scenario.check-before-act.summary':
    'node-1 проверил свой lease один раз, при вступлении в должность, и дальше ему доверяет. GC-пауза длится дольше lease, лидером становится node-3, а node-1 просыпается и пишет со старым token: запись принята, хранилище token-ы не проверяет. Покажите исправление: node-1 перепроверяет lease перед каждой записью и вместо записи слагает полномочия. Дальше та же история замораживает node-3 между проверкой и записью, и эта устаревшая запись проходит в обоих случаях: проверка не заменяет fencing.',
  'scenario.check-before-act.tagline':
    'Проверка lease перед каждой записью останавливает почти все устаревшие записи, но не паузу после проверки.',
  'scenario.check-before-act.step.node-2-down':
    'В этой истории node-2 выведен на обслуживание, поэтому следующий в очереди после node-1 — node-3.',
  'scenario.check-before-act.step.token-42':
    'node-1 — лидер с token {token}. Он проверил lease при вступлении в должность и дальше ему доверяет: перед записями никаких проверок. Хранилище token-ы не проверяет.',
  'scenario.check-before-act.step.gc-pause-1':
    'GC-пауза замораживает node-1 на {durationMs} мс — прямо перед его задачей и дольше, чем TTL в {ttlS} с.',
  'scenario.check-before-act.step.token-43':
    'Lease node-1 истекает, и node-3 избирается, всё по правилам, с token {token}.',
  'scenario.check-before-act.step.node-3-writes': 'node-3 записывает свой отчёт {value} с token {token}.',
  'scenario.check-before-act.step.stale-unchecked':
    'node-1 просыпается, и просроченная задача запускается сразу. На lease он не смотрит: запись {value} уходит с token {token}, и хранилище принимает её после {seen}. Проверка lease перед записью остановила бы эту запись.',
  'scenario.check-before-act.step.gc-pause-2':
    'Теперь замирает node-3, на {durationMs} мс, через 10 мс после начала задачи: решение писать принято, запись ещё не ушла.',
  'scenario.check-before-act.step.token-44':
    'Lease node-3 истекает, node-4 избирается с token {token} и пишет.',
  'scenario.check-before-act.step.stale-after-pause':
    'node-3 просыпается, и его запись уходит с token {token}; хранилище принимает её после {seen}, и теперь в нём {value} — запись смещённого лидера.',
  'scenario.check-before-act.step.token-42-checks':
    'node-1 — лидер с token {token}. С исправлением он перепроверяет lease перед каждой записью, а не один раз при вступлении в должность. Хранилище token-ы по-прежнему не проверяет.',
  'scenario.check-before-act.step.check-stops-it':
    'node-1 просыпается и, прежде чем просроченная задача запишет, проверяет lease: срок давно вышел, и он слагает полномочия без записи. Этой устаревшей записи не будет.',
  'scenario.check-before-act.step.check-too-early':
    'node-3 просыпается, и запись, которую он уже проверил, уходит с token {token}: принята после {seen}, теперь в хранилище {value}. Проверка была до паузы и остановить эту запись не могла. Это может только хранилище — поэтому fencing всё равно нужен.',
  // sharded-leadership
  'scenario.sharded-leadership.title': 'Лидерство по шардам',
  'scenario.sharded-leadership.summary':
    'Пять узлов делят двенадцать шардов, у каждого шарда свой лидер, выбранный на своём ключе в etcd, — так в Kafka у каждой партиции свой лидер, а в MongoDB у каждого шарда свой primary. node-2 падает: failover ждут только его шарды, каждый переходит к своему следующему кандидату, а остальные шарды продолжают писать. С shards=1, одним лидером на весь кластер, то же падение останавливает все записи.',
  'scenario.sharded-leadership.tagline':
    'Лидер у каждого шарда, а не один на кластер: падение останавливает только шарды упавшего узла.',
  'scenario.sharded-leadership.step.preferred-shards':
    'Каждый узел открывает в etcd один lease сессии и читает /shards/. Каждый шард упорядочивает узлы по rendezvous hashing (хешу от пути шарда и id узла), и узел сразу пытается захватить свободные шарды, в которых он первый. node-1 получает шард {shard}: ключ /shards/{shard}/leader теперь живёт под lease node-1, а его create_revision, {token}, — fencing token шарда.',
  'scenario.sharded-leadership.step.shard-writes':
    'За один период повтора каждый узел становится лидером шардов, в которых он первый, по два-три на узел, — это видно по меткам под узлами. {node} пишет в {key} с token {token}. Хранилище помнит наибольший token каждого шарда, поэтому token одного шарда никогда не сравнивается с token другого.',
  'scenario.sharded-leadership.step.node-2-crashes':
    'node-2 падает вместе со своими шардами. Его keepalive прекращаются, но ключи остаются в etcd, пока не истечёт его lease, — через {ttlS} с после последнего keepalive, который получил etcd.',
  'scenario.sharded-leadership.step.others-keep-writing':
    '{node} пишет в {key} с token {token}, как и до падения. Шарды четырёх живых узлов ничего не замечают: их лидеры, lease и token не изменились.',
  'scenario.sharded-leadership.step.lease-expires':
    'etcd объявляет lease node-2 истёкшим и разом удаляет все ключи под ним: без лидера теперь шарды node-2, и только они.',
  'scenario.sharded-leadership.step.shard-moves':
    '{node} забирает шард {shard} с token {token}, большим, чем у старого лидера. Первый кандидат мёртв, поэтому шард забрал следующий по rendezvous hashing — через один опрос после того, как увидел ключ свободным.',
  'scenario.sharded-leadership.step.second-shard-moves':
    '{node} забирает шард {shard}: это уже другой узел. Rendezvous hashing распределяет шарды упавшего узла по оставшимся, а не сваливает их на один.',
  'scenario.sharded-leadership.step.only-its-shards':
    'Failover ждали только шарды упавшего узла; все остальные сохранили лидера и продолжали писать. С shards=1, одним лидером на весь кластер, то же падение останавливает все записи до конца failover: unavailableShardFraction 1 вместо примерно 1/5.',
  // skip-locked
  'scenario.skip-locked.title': 'SELECT … FOR UPDATE SKIP LOCKED',
  'scenario.skip-locked.summary':
    'Без лидера: четыре worker-а разбирают двенадцать job-ов из таблицы PostgreSQL, каждый через SELECT … FOR UPDATE SKIP LOCKED в своей транзакции, по четыре одновременно. Worker падает после отправки письма и до COMMIT: его транзакция откатывается, блокировка строки снимается, job выполняет другой worker, и клиент получает письмо дважды. Каждый job всё равно фиксируется ровно один раз; с transactional outbox и письмо уходит один раз.',
  'scenario.skip-locked.tagline':
    'Без выборов: блокировка строки на каждый job, четыре worker-а сразу и письмо, которое из-за падения уходит дважды.',
  'scenario.skip-locked.step.rows-claimed':
    'Четыре worker-а, лидера нет. Каждый открывает транзакцию и выполняет SELECT … FOR UPDATE SKIP LOCKED: первый берёт job-1 и блокирует его строку, остальные пропускают заблокированную строку и берут job-2, job-3 и job-4. Никто никого не ждёт.',
  'scenario.skip-locked.step.email-sent':
    'На середине job-а {by} отправляет письмом счёт по {job}: это вызов почтового провайдера, вне базы и вне транзакции.',
  'scenario.skip-locked.step.first-commit':
    '{node} фиксирует {job}: UPDATE jobs SET state=’done’, затем COMMIT. Блокировка строки заканчивается вместе с транзакцией, и worker берёт следующую ожидающую строку.',
  'scenario.skip-locked.step.worker-crashes':
    'node-2 падает посреди job-5: письмо уже отправлено, а COMMIT так и не придёт. Его транзакция на сервере всё ещё открыта, поэтому строка job-5 остаётся заблокированной, и остальные её пропускают.',
  'scenario.skip-locked.step.keepalive-probe':
    'От node-2 ничего не приходит уже tcp_keepalives_idle ({keepaliveIdleS} с), и сервер проверяет соединение keepalive-пакетом. Упавший хост не отвечает. (Со значением PostgreSQL по умолчанию, то есть значением ОС, в Linux это два часа.)',
  'scenario.skip-locked.step.session-terminated':
    'Проверок без ответа: {keepaliveCount}. Сервер разрывает соединение node-2 и откатывает его транзакцию, как и для любого соединения, потерянного посреди транзакции. Блокировка {jobs} снята, job снова ожидает.',
  'scenario.skip-locked.step.job-retaken':
    '{node} снова опрашивает очередь, и SKIP LOCKED больше не пропускает {job}: попытка {attempt}.',
  'scenario.skip-locked.step.duplicate-email':
    'На середине повторная попытка снова отправляет счёт по job-5: письма отправили {nodes}, и клиент получает счёт дважды. Письмо node-2 не было частью его транзакции, поэтому откат не мог его отменить.',
  'scenario.skip-locked.step.every-job-once':
    '{node} фиксирует {job}. Каждый job зафиксирован ровно один раз, четырьмя worker-ами параллельно, а не по очереди; дважды случилось только письмо — побочный эффект за пределами базы.',
  'scenario.skip-locked.step.outbox-insert':
    'На середине {from} не вызывает почтового провайдера, а вставляет письмо строкой в таблицу outbox, в той же транзакции, что и job.',
  'scenario.skip-locked.step.relay-sends':
    'Job зафиксирован, а вместе с ним и его строка в outbox. Только теперь relay видит эту строку и отправляет письмо по {job}: по одному на каждую зафиксированную строку.',
  'scenario.skip-locked.step.worker-crashes-outbox':
    'node-2 падает посреди job-5, до COMMIT. Его письмо — строка outbox в ещё открытой транзакции, relay её не видит; строка job-5 остаётся заблокированной.',
  'scenario.skip-locked.step.one-email':
    'Повторная попытка фиксирует job-5 и свою строку outbox; строка node-2 исчезла при откате. Relay отправляет письмо по job-5 один раз. (Другая защита — ключ идемпотентности, например id job-а, который провайдер учитывает: тогда он просто отбрасывает второй вызов.)',
  // raft
  'scenario.raft.title': 'Raft: лог',
  'scenario.raft.summary':
    'Пять серверов работают по Raft с логом. Лидер дописывает каждую команду клиента в свой лог, копирует её ведомым через APPEND_ENTRIES и фиксирует, как только она есть у большинства. Один ведомый падает; фиксация идёт дальше на четырёх из пяти, а когда он возвращается, лидер догоняет его лог до своего.',
  'scenario.raft.tagline':
    'Команда зафиксирована, когда она есть у большинства; упавший ведомый после рестарта догоняет лидера.',
  'scenario.raft.step.five-servers':
    'Пять серверов работают по Raft. Каждый ведёт лог команд. Команды принимает только лидер терма, и он копирует их остальным через APPEND_ENTRIES.',
  'scenario.raft.step.leader-elected':
    '{node} выигрывает терм {term}: за него {votes} из {cluster} голосов, и ни у одного голосующего лог не был новее, чем у него. Его APPEND_ENTRIES, пока пустые, служат heartbeat-ами.',
  'scenario.raft.step.redirect':
    'Клиент отправляет первую команду на node-1. Ведомый команд не принимает: он отвечает, кто лидер, насколько он знает, — node-3.',
  'scenario.raft.step.append':
    '{node} дописывает команду {value} в свой лог под индексом {index}, в терме {term}, и сразу рассылает её всем ведомым.',
  'scenario.raft.step.committed':
    'Запись с индексом {index} есть у {replicas} из 5 серверов — это большинство: {node} фиксирует её, применяет и отвечает клиенту. Теперь эта запись будет у любого будущего лидера.',
  'scenario.raft.step.follower-crashes':
    'node-5 падает. 4 из 5 — всё ещё большинство, так что node-3 продолжает фиксировать записи без него.',
  'scenario.raft.step.commit-without':
    'Запись с индексом {index} зафиксирована на {replicas} серверах, пока node-5 лежит.',
  'scenario.raft.step.follower-restarts':
    'node-5 перезапускается. Его терм, голос и лог были на диске, но записей, зафиксированных без него, у него нет.',
  'scenario.raft.step.catch-up':
    'Следующий APPEND_ENTRIES лидера проходит у node-5 проверку согласованности и приносит ему записи с {from} по {last}: его лог снова совпадает с логом лидера.',
  // raft-minority-leader
  'scenario.raft-minority-leader.title': 'Raft: лидер в меньшинстве',
  'scenario.raft-minority-leader.summary':
    'Разделение сети оставляет лидеру Raft 2 сервера из 5. Он по-прежнему принимает команды клиента, но зафиксировать их не может, а остальные трое тем временем выбирают нового лидера и фиксируют записи. Когда связь восстанавливается, старый лидер слагает полномочия, а его незафиксированные записи удаляются. Ничего из того, что клиенту подтвердили, не теряется — в отличие от split-brain.',
  'scenario.raft-minority-leader.tagline':
    'Лидер, отрезанный в меньшинстве, принимает записи, которые никогда не зафиксирует; после восстановления связи они удаляются.',
  'scenario.raft-minority-leader.step.five-servers':
    'Пять серверов работают по Raft с логом. Команда зафиксирована, когда она есть у большинства из пяти, и только тогда лидер отвечает клиенту.',
  'scenario.raft-minority-leader.step.leader-elected':
    '{node} выигрывает терм {term}: за него {votes} из {cluster} голосов.',
  'scenario.raft-minority-leader.step.committed':
    'Запись с индексом {index} есть у {replicas} из 5 серверов: {node} фиксирует её и отвечает клиенту. Эта запись будет у любого следующего лидера.',
  'scenario.raft-minority-leader.step.partition':
    'Разделение сети оставляет node-3 только с node-2: 2 из 5. node-1, node-4 и node-5 оказываются по другую сторону. Клиент вне разделения и по-прежнему достаёт до обеих сторон, в том числе до node-3.',
  'scenario.raft-minority-leader.step.minority-append':
    '{node} всё ещё считает себя лидером терма {term}. Он дописывает команду клиента {value} под индексом {index} и рассылает её, но ответить может только node-2. 2 из 5 — не большинство: запись так и не будет зафиксирована, и клиент ответа не получит.',
  'scenario.raft-minority-leader.step.appended-again':
    'Клиент не дожидается ответа и пробует node-4, который всё ещё считает лидером терма 1 node-3 и отправляет клиента обратно к нему. node-3 снова дописывает {value}, теперь под индексом {index}. Эта запись тоже не фиксируется.',
  'scenario.raft-minority-leader.step.new-leader':
    'На стороне большинства {node} выигрывает терм {term}: за него {votes} из {cluster} голосов. Теперь лидерами себя считают два сервера, но в разных термах: node-3 — в терме 1, node-1 — в терме {term}.',
  'scenario.raft-minority-leader.step.majority-commits':
    '{node} фиксирует запись с индексом {index} в терме {term} на {replicas} из 5 серверов, и клиент наконец получает ответ. Фиксировать может только эта сторона: node-3 большинства не соберёт.',
  'scenario.raft-minority-leader.step.heal':
    'Связь восстановлена. node-3 всё ещё считает себя лидером терма 1.',
  'scenario.raft-minority-leader.step.step-down':
    'node-3 получает сообщение от node-1 с более новым термом и слагает полномочия: сервер, увидевший терм больше своего, переходит на него и становится ведомым.',
  'scenario.raft-minority-leader.step.truncated':
    'Записи node-3 из терма 1, начиная с индекса {from}, расходятся с логом node-1: node-3 удаляет их и берёт записи node-1 ({values}). Команды, принятые им в изоляции, пропали, но ни одному клиенту не сообщили, что они зафиксированы.',
  'scenario.raft-minority-leader.step.not-split-brain':
    'Сравните с историей про split-brain: там оба лидера принимали записи и подтверждали их, и данные разошлись. Здесь отрезанный лидер записи принимал, но зафиксировать не мог, поэтому ни одна подтверждённая запись не потерялась. С параметром CheckQuorum он сложил бы полномочия ещё в изоляции.',
  // raft-figure-8
  'scenario.raft-figure-8.title': 'Raft: рисунок 8, зафиксированная старая запись',
  'scenario.raft-figure-8.summary':
    'Рисунок 8 из статьи о Raft на пяти серверах. Лидер находит у большинства запись из прошлого терма и фиксирует её. Потом сервер, у которого этой записи никогда не было, выигрывает выборы с логом более позднего терма и перезаписывает её: зафиксированная запись теряется, а два сервера применяют под одним индексом разные команды. Исправление — правило из статьи: подсчётом копий фиксируется только запись собственного терма лидера.',
  'scenario.raft-figure-8.tagline':
    'Лидер, фиксирующий подсчётом копий запись старого терма, может её потерять.',
  'scenario.raft-figure-8.step.figure-8':
    'Рисунок 8 из статьи о Raft: пять серверов и два клиента. Ловушка: лидер, найдя у большинства запись из прошлого терма, фиксирует её, как свою.',
  'scenario.raft-figure-8.step.first-leader':
    '{node} выигрывает терм {term}: за него {votes} из {cluster} голосов. node-4 и node-5 лежат.',
  'scenario.raft-figure-8.step.entry-a':
    'node-3 только что упал. {node} дописывает команду клиента {value} под индексом {index}, в терме {term}, и копию получает только node-2: это не большинство, запись не зафиксирована.',
  'scenario.raft-figure-8.step.second-leader':
    'node-1 и node-2 падают, а node-3, node-4 и node-5 возвращаются. {node} выигрывает терм {term}: у двух других логи пусты и ничем не новее его собственного.',
  'scenario.raft-figure-8.step.entry-b':
    'Разделение сети оставляет {node} наедине со вторым клиентом. Он дописывает {value} под индексом {index}, в терме {term}: тот же индекс, что у x1, но другая запись. Больше её никто не получает.',
  'scenario.raft-figure-8.step.third-leader':
    'node-3 падает; node-1 и node-2 перезапускаются. {node} выигрывает терм {term}: его лог с x1 из терма 1 новее пустых логов node-4 и node-5.',
  'scenario.raft-figure-8.step.old-entry-committed':
    '{node} копирует x1 на node-4 и node-5, и запись с индексом {index}, из терма 1, есть уже у {replicas} из 5 серверов. По небезопасному правилу {node} фиксирует её и применяет x1, а ведомые делают то же самое.',
  'scenario.raft-figure-8.step.fourth-leader':
    '{node} перезапускается; разорванная связь не даёт старому лидеру до него достучаться. Его последняя запись — из терма 2, более позднего, чем терм 1, поэтому остальные считают его лог более новым и выбирают его в терме {term}.',
  'scenario.raft-figure-8.step.overwritten':
    'APPEND_ENTRIES от node-3 доходят до node-4: его x1 под индексом {from} расходится с y1 из терма 2 и заменяется.',
  'scenario.raft-figure-8.step.safety-broken':
    'node-3 фиксирует y1 под индексом 1 и применяет его, а серверы прошлого терма применили там x1: у двух машин состояний под одним индексом разные команды. Зафиксированный x1 потерян.',
  'scenario.raft-figure-8.step.figure-8-fixed':
    'Исправление — правило из статьи: подсчётом копий лидер фиксирует только запись своего терма, а более старую — лишь вместе с ней. Те же серверы, те же сбои.',
  'scenario.raft-figure-8.step.old-entry-kept':
    'node-1 копирует x1 на node-4 и node-5, и запись есть у большинства. Но x1 — из терма 1, а не из терма node-1: по правилу из статьи node-1 её не фиксирует, и никто её не применяет.',
  'scenario.raft-figure-8.step.nothing-lost':
    'x1 так и не был зафиксирован, поэтому его замена не отнимает ничего, что подтвердили клиенту, и никакие два сервера не применили под одним индексом разные команды. State Machine Safety соблюдена.',
  'scenario.etcd-leader-change.title': 'Когда лидера меняет сам etcd',
  'scenario.etcd-leader-change.tagline':
    'store — группа Raft из трёх участников: потерю одного она переживает, двух — нет.',
  'scenario.etcd-leader-change.summary':
    'node-1 лидирует на lease в etcd, а etcd — это три участника. Лидер store падает; выбирают нового, он продлевает все lease, и node-1 остаётся лидером. Теряется второй участник: без кворума etcd не отвечает ни на что, и лидером не может стать никто.',
  'scenario.etcd-leader-change.step.campaign-won':
    'node-1 берёт ключ лидера с lease на {ttlS} с и становится лидером с fencing token {token}. etcd здесь — три участника: ими руководит member-1, и запись фиксируется, только когда её принял кворум.',
  'scenario.etcd-leader-change.step.store-leader-crash':
    'member-1, лидера store, убивают. Осталось два участника из трёх: кворум ещё есть, но лидера пока нет.',
  'scenario.etcd-leader-change.step.store-leader-elected':
    'member-2 побеждает на выборах store. Новый лидер первым делом через свой lessor даёт каждому lease полный TTL заново, плюс election timeout: ключ лидера и lease node-1 уцелели.',
  'scenario.etcd-leader-change.step.renewal-answered':
    'Следующий keepalive от node-1 приходит к одному из участников, тот передаёт его новому лидеру, и ответ возвращается. node-1 остаётся лидером: смену лидера в store он даже не заметил.',
  'scenario.etcd-leader-change.step.majority-lost':
    'Теряется и member-2. Один участник из трёх — не кворум: лидера store выбрать нельзя.',
  'scenario.etcd-leader-change.step.renewal-unanswered':
    'Прошла секунда после keepalive от node-1, а ответа нет: без кворума etcd не выдаёт lease, не продлевает их и не фиксирует ни одной записи.',
  'scenario.etcd-leader-change.step.node-1-steps-down':
    'node-1 слагает полномочия в свой срок. Ключ всё ещё называет его: без лидера в store ни один lease не истекает. И никто другой не может стать лидером: store должен быть HA, а HA — это кворум участников в строю.',
  // patroni-watchdog
  'scenario.patroni-watchdog.title': 'Patroni без watchdog: остановленный агент',
  'scenario.patroni-watchdog.summary':
    'Patroni на pg-1 остановлен (SIGSTOP), а его Postgres продолжает работать. HAProxy выводит pg-1 из работы, ключ лидера истекает, pg-2 становится primary, но pg-1 по-прежнему primary, который принимает записи: приложение, которое ходит к нему напрямую, пишет туда, пока записи через HAProxy идут на pg-2. Записи принимают два primary. Исправление — watchdog Patroni: он перезагружает хост pg-1 раньше, чем истечёт ключ.',
  'scenario.patroni-watchdog.tagline':
    'Остановленный Patroni оставляет свой Postgres primary: записи принимают два primary.',
  'scenario.patroni-watchdog.step.two-apps':
    'pg-1 выполняет bootstrap и работает как primary. Пишут два приложения: одно через HAProxy, другое напрямую в порт Postgres на pg-1. Watchdog Patroni выключен, как и по умолчанию.',
  'scenario.patroni-watchdog.step.pg-3-falls-behind':
    'pg-3 теряет канал репликации с pg-1: он перестаёт получать WAL и отстаёт от pg-2.',
  'scenario.patroni-watchdog.step.agent-stopped':
    'Patroni на pg-1 остановлен (SIGSTOP), как это бывает с зависшим процессом или приостановленной ВМ. Его Postgres остаётся primary и принимает записи обоих приложений, но lease pg-1 больше никто не продлевает.',
  'scenario.patroni-watchdog.step.haproxy-marks-pg-1-down':
    'REST API на pg-1 принадлежит Patroni, и он ничего не отвечает: после {haproxyFall, plural, one {# проверки} few {# проверок} many {# проверок} other {# проверки}} без ответа HAProxy помечает {backend} недоступным. Записи через HAProxy с этого момента завершаются ошибкой; приложение, которое пишет напрямую, по-прежнему пишет в pg-1.',
  'scenario.patroni-watchdog.step.lease-expires':
    'Lease pg-1 истекает через {ttlS} с после последнего продления: etcd удаляет ключ лидера. Postgres на pg-1 всё ещё primary.',
  'scenario.patroni-watchdog.step.pg-2-promotes': 'pg-2 получает ключ лидера и выполняет pg_ctl promote.',
  'scenario.patroni-watchdog.step.old-timeline-write':
    'pg-2 — primary на timeline 2, а pg-1 по-прежнему принимает записи приложения, которое пишет напрямую, на timeline 1: на pg-1 ничто не знает о более новой timeline.',
  'scenario.patroni-watchdog.step.two-primaries':
    'HAProxy отправляет записи первого приложения на pg-2, а записи второго по-прежнему попадают на pg-1: записи принимают два primary, на двух timeline. Это split-brain.',
  'scenario.patroni-watchdog.step.pg-1-demoted':
    'Patroni на pg-1 возобновляет работу, видит, что ключ лидера у pg-2, и понижает pg-1. Записи, которые pg-1 принял после повышения pg-2, остались на timeline, за которой никто не следует.',
  'scenario.patroni-watchdog.step.watchdog-on':
    'Исправление — watchdog Patroni: Patroni-лидер поддерживает устройство watchdog после каждого обновления своего ключа лидера, а watchdog, который не получал сигнала ttl минус safety_margin (5 с), перезагружает хост. Те же приложения, те же сбои.',
  'scenario.patroni-watchdog.step.agent-stopped-armed':
    'Patroni на pg-1 остановлен (SIGSTOP), а вместе с ним и keepalive для watchdog.',
  'scenario.patroni-watchdog.step.watchdog-resets':
    'Watchdog перезагружает хост pg-1 за 5 с до того, как истёк бы его ключ лидера: Postgres на нём пропадает, а записи приложения, которое пишет напрямую, завершаются по таймауту.',
  'scenario.patroni-watchdog.step.one-primary':
    'После {haproxyRise, plural, one {# успешной проверки} few {# успешных проверок} many {# успешных проверок} other {# успешной проверки}} HAProxy помечает {backend} доступным: записи идут на pg-2, единственный оставшийся primary.',
};
