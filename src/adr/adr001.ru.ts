import type { Adr } from './types.ts';

/**
 * ADR-001 in Russian: the same ids, ratings and order as adr001.ts (adr001.i18n.test.ts checks the
 * shape). As in the Russian source text, split-brain, lease, fencing token, TTL and failover stay in
 * Latin script; the title is the one the source gives the ADR.
 */
export const adr001Ru: Adr = {
  id: 'ADR-001',
  title: 'Leader election: один координатор без split-brain',
  status: 'Принято',
  context: {
    id: 'context',
    paragraphs: [
      'Кластеру из N одинаковых узлов нужен ровно один координатор: primary, который принимает записи, инстанс, который запускает ночной job, контроллер, который раздаёт работу. Когда он падает, другой узел должен быстро занять его место — без split-brain (два узла одновременно действуют как лидер) и без потерянных записей.',
      'Сеть ненадёжна: узел не может отличить «лидер упал» от «я не вижу лидера», а снаружи долгая GC-пауза выглядит в точности как падение. Любой подход выбирает между окном без лидера (записи отвергаются) и окном с двумя лидерами (записи расходятся).',
    ],
    drivers: [
      'Не больше одного лидера, чьи записи вступают в силу, даже при разделениях сети и паузах.',
      'Failover без участия человека — за секунды или десятки секунд.',
      'Разумное число сообщений и при росте кластера.',
      'Проверенные компоненты: никакого самописного консенсуса.',
    ],
  },
  criteria: [
    { id: 'safety', label: 'Защита от split-brain', short: 'Защита' },
    { id: 'failover', label: 'Время failover', short: 'Failover' },
    { id: 'messages', label: 'Сообщений на выборы', short: 'Трафик' },
    { id: 'dependencies', label: 'Зависимости', short: 'Инфра' },
    { id: 'ops', label: 'Стоимость эксплуатации', short: 'Цена' },
  ],
  matrix: [
    {
      id: 'matrix.bully',
      name: 'Bully',
      how: 'Побеждает живой узел с наибольшим ID; ELECTION уходит всем с более высоким ID.',
      source: 'Garcia-Molina 1982; Tanenbaum & van Steen',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Никакой. Каждая сторона разделения выбирает свой наибольший ID; вернувшийся узел с более высоким ID сразу перехватывает лидерство.',
        },
        failover: {
          rating: 'fair',
          text: 'Таймаут обнаружения, затем раунд ELECTION/OK на каждый уровень, и каждый ждёт своего таймаута. Всё повторяется, когда возвращается узел выше.',
        },
        messages: {
          rating: 'poor',
          text: 'O(n²) в худшем случае: отказ замечает узел с наименьшим ID, и каждый узел выше запускает свой раунд. O(n) в лучшем.',
        },
        dependencies: {
          rating: 'good',
          text: 'Ничего, кроме самих узлов: полная связность, известные ID, таймауты в расчёте на синхронную сеть.',
        },
        ops: {
          rating: 'poor',
          text: 'Дёшево построить, дорого эксплуатировать: шторм выборов при каждом мигании сети; на 100 узлах неприемлемо.',
        },
      },
    },
    {
      id: 'matrix.ring',
      name: 'Ring',
      how: 'Сообщение ELECTION обходит логическое кольцо, собирая ID; побеждает наибольший.',
      source: 'Chang & Roberts 1979; Tanenbaum & van Steen',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Никакой. Кольцо чинится в обход недоступных узлов, поэтому каждый фрагмент разделения выбирает своего лидера.',
        },
        failover: {
          rating: 'poor',
          text: 'Таймаут обнаружения плюс два круга по кольцу, по одному переходу за раз: растёт линейно с n.',
        },
        messages: {
          rating: 'fair',
          text: '2n, когда начинает один узел (круг выборов, затем круг координатора); O(n²) в худшем случае, когда начинают все сразу.',
        },
        dependencies: {
          rating: 'good',
          text: 'Ничего, кроме самих узлов: логическое кольцо и обход выпавшего преемника.',
        },
        ops: {
          rating: 'fair',
          text: 'Поддержка кольца при каждом изменении состава; медленно на больших кластерах. Сегодня встречается в основном в учебниках.',
        },
      },
    },
    {
      id: 'matrix.heartbeat',
      name: 'Только heartbeat',
      how: 'Ведомые по таймауту замечают пропавшие heartbeats и выбирают среди тех, кого видят; без кворума.',
      source: 'Kleppmann, DDIA, гл. 8 («The Truth Is Defined by the Majority»)',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Никакой. Мёртвый лидер и недоступный выглядят одинаково: обе стороны разделения выбирают лидера и принимают записи (ОБА ПИШУТ).',
        },
        failover: {
          rating: 'good',
          text: 'Быстро: несколько пропущенных heartbeats. Слишком короткий таймаут переизбирает лидера на каждом всплеске jitter или GC-паузе.',
        },
        messages: {
          rating: 'fair',
          text: 'Мало на выборы, но постоянный фоновый трафик: n − 1 heartbeats каждый интервал (n², если все со всеми).',
        },
        dependencies: { rating: 'good', text: 'Никаких.' },
        ops: {
          rating: 'poor',
          text: 'Дёшево до первого разделения сети; после него инцидент — это разошедшиеся данные, которые сводят вручную.',
        },
      },
    },
    {
      id: 'matrix.gossip',
      name: 'Gossip',
      how: 'Состав кластера и имя лидера распространяются от узла к узлу, раунд за раундом.',
      source: 'SWIM (Das et al. 2002)',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Никакой, если писать должен ровно один узел: лидерство сходится лишь в конечном счёте, а между раундами два узла могут одновременно считать себя лидерами.',
        },
        failover: { rating: 'fair', text: 'Таймаут подозрения плюс O(log n) раундов gossip до сходимости.' },
        messages: {
          rating: 'good',
          text: 'Несколько сообщений на узел за раунд; O(n log n), чтобы изменение дошло до всего кластера.',
        },
        dependencies: { rating: 'good', text: 'Никаких: протокол членства между самими узлами.' },
        ops: {
          rating: 'fair',
          text: 'Масштабируется на большие парки. Годится для service discovery, но для primary базы данных это катастрофа.',
        },
      },
    },
    {
      id: 'matrix.raft',
      name: 'Кворум Raft',
      how: 'Кандидату нужны голоса большинства всего кластера в одном терме.',
      source: 'Ongaro & Ousterhout 2014',
      cells: {
        safety: {
          rating: 'good',
          text: 'Безопасно. Кворум — ⌊n/2⌋ + 1, и каждый узел голосует один раз за терм: один лидер на терм, а сторона в меньшинстве никого не выбирает.',
        },
        failover: {
          rating: 'good',
          text: 'Меньше секунды: случайный election timeout (150–300 мс в статье) плюс один раунд голосования; при разделении голосов — повтор.',
        },
        messages: {
          rating: 'good',
          text: 'O(n): n − 1 REQUEST VOTE и до n − 1 VOTE на кандидата; больше после разделения голосов.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Без внешнего сервиса, но нужно нечётное число узлов (3, 5, 7: четыре узла при разделении 2/2 никого не выберут) и надёжно сохранённые терм и голос.',
        },
        ops: {
          rating: 'poor',
          text: 'Дорого, если строить самим: консенсус надо реализовать, протестировать и эксплуатировать. Встроен в etcd, CockroachDB, KRaft, ClickHouse Keeper.',
        },
      },
    },
    {
      id: 'matrix.lease',
      name: 'Lease (etcd)',
      how: 'Compare-and-swap на ключ, привязанный к lease с TTL; владелец продлевает lease (keepalive).',
      source: 'etcd v3 API; Kubernetes client-go; Patroni',
      cells: {
        safety: {
          rating: 'fair',
          text: 'Store выдаёт ключ только одному владельцу за раз, но старый владелец, замерший на паузе или отрезанный от сети дольше TTL, продолжает действовать: у ресурса два лидера.',
        },
        failover: {
          rating: 'fair',
          text: 'Не дольше TTL плюс одного повтора: ключ живёт, пока не истечёт его lease (client-go: lease 15 с, повтор 2 с; Patroni: ttl 30 с).',
        },
        messages: {
          rating: 'good',
          text: 'Одна CAS-транзакция на кандидата за попытку, затем KEEPALIVE от владельца раз в несколько секунд.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Высокодоступный consensus store: etcd, ZooKeeper или Consul из 3 или 5 участников.',
        },
        ops: {
          rating: 'fair',
          text: 'Эксплуатировать и мониторить store; подбирать TTL между быстрым failover и ложными переизбраниями при сетевых glitches.',
        },
      },
    },
    {
      id: 'matrix.lease-fencing',
      name: 'Lease + fencing token',
      how: 'Как lease, но каждое лидерство получает token больше прежнего, и хранилище его проверяет.',
      source: 'Kleppmann 2016',
      cells: {
        safety: {
          rating: 'good',
          text: 'Безопасно на стороне ресурса: хранилище помнит наибольший token и отвергает старые (409 STALE TOKEN), даже от лидера, который всё ещё считает себя лидером.',
        },
        failover: { rating: 'fair', text: 'Как у lease: не дольше TTL плюс одного повтора.' },
        messages: {
          rating: 'good',
          text: 'Как у lease; token передаётся с каждой записью, без лишнего обмена сообщениями.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Высокодоступный store, и каждый защищённый ресурс обязан проверять token (условная запись по token).',
        },
        ops: {
          rating: 'fair',
          text: 'Умеренно: store плюс проверка token в каждом ресурсе. Побочные эффекты, которые не умеют проверять token (e-mail), должны быть идемпотентными.',
        },
      },
    },
    // kubernetes-lease
    {
      id: 'matrix.kubernetes-lease',
      name: 'Lease в Kubernetes (client-go)',
      how: 'Объект Lease в API server; его захватывают и продлевают через UPDATE, который обязан нести последний прочитанный resourceVersion.',
      source: 'client-go tools/leaderelection/leaderelection.go; apiserver storage/etcd3/store.go',
      cells: {
        safety: {
          rating: 'fair',
          text: 'Compare-and-swap по resourceVersion даёт Lease одного владельца за раз (409 Conflict), но зависший владелец продолжает действовать: сам client-go говорит, что fencing он не даёт. Проверяйте leaseTransitions на ресурсе.',
        },
        failover: {
          rating: 'fair',
          text: 'leaseDuration с момента, когда резервные инстансы последний раз видели изменение Lease, плюс до двух опросов с jitter: от 15 до примерно 24 с при настройках по умолчанию (15/10/2 с).',
        },
        messages: {
          rating: 'fair',
          text: 'Опрос без watch: каждый резервный инстанс делает GET раз в 2–4,4 с, лидер — UPDATE раз в RetryPeriod, то есть O(n) запросов за RetryPeriod.',
        },
        dependencies: {
          rating: 'good',
          text: 'Только API server (и его etcd), который у приложения в Kubernetes и так есть.',
        },
        ops: {
          rating: 'good',
          text: 'Один вызов библиотеки и три длительности; client-go отвергает недопустимые сочетания. Конфликты — обычное и дешёвое дело: проигравший просто опрашивает снова.',
        },
      },
    },
    // zookeeper
    {
      id: 'matrix.zookeeper',
      name: 'Рецепт ZooKeeper',
      how: 'Каждый кандидат создаёт эфемерный последовательный znode; лидирует наименьший, каждый из остальных следит за znode сразу перед своим.',
      source:
        'ZooKeeper Recipes and Solutions, Leader Election; ZooKeeper Programmer’s Guide (сессии, watch)',
      cells: {
        safety: {
          rating: 'fair',
          text: 'Наименьший znode в каждый момент один, но лидер, зависший дольше session timeout, просыпается в уверенности, что он лидер: рецепт предупреждает, что наименьший znode не значит, что его создатель об этом знает. Нужен fencing по порядковому номеру znode.',
        },
        failover: {
          rating: 'fair',
          text: 'Session timeout (от 4 до 40 с) после последнего ping лидера, затем одно событие watch и один getChildren.',
        },
        messages: {
          rating: 'good',
          text: 'Одно событие watch на изменение: узнаёт только преемник. Если все следят за лидером (стадо), просыпаются все n − 1 и все вызывают getChildren. Плюс ping от каждого клиента раз в треть timeout.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Ансамбль ZooKeeper (3 или 5 серверов), если его ещё нет (Kafka до KRaft, HBase, Hadoop).',
        },
        ops: {
          rating: 'fair',
          text: 'LeaderLatch и LeaderSelector из Curator реализуют рецепт; трудное место — обработка сессии: потерянное соединение надо считать потерянным лидерством.',
        },
      },
    },
    // sharded-leadership
    {
      id: 'matrix.sharded-leadership',
      name: 'Лидерство по шардам',
      how: 'Свой лидер у каждого шарда, а не один на весь кластер: у каждого шарда свой ключ под lease и свой fencing token, а rendezvous hashing распределяет шарды по узлам.',
      source:
        'Документация Kafka, «Distribution» (лидер у каждой партиции); MongoDB Manual, «Shards» (replica set на каждый шард); Thaler и Ravishankar, 1998 (rendezvous hashing)',
      cells: {
        safety: {
          rating: 'good',
          text: 'Так же надёжно, как выборы через lease, только для каждого шарда отдельно: у ключа шарда один владелец, а хранилище помнит наибольший token каждого шарда, поэтому token одного шарда никогда не сравнивается с token другого.',
        },
        failover: {
          rating: 'good',
          text: 'Падение останавливает только шарды упавшего узла, примерно 1/n от всех, на один TTL и один-два опроса; остальные шарды этого не замечают. С одним лидером на весь кластер на то же время встаёт всё.',
        },
        messages: {
          rating: 'fair',
          text: 'Один lease сессии и одно чтение за опрос на каждый узел, плюс попытка захвата на каждый свободный шард; записи распределены по всем узлам, а не идут через одного лидера.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Тот же store, что и для выборов через lease (etcd, ZooKeeper), плюс фиксированное число шардов и правило распределения, которое все узлы вычисляют одинаково.',
        },
        ops: {
          rating: 'fair',
          text: 'Rendezvous hashing переносит только шарды упавшего узла и распределяет их по оставшимся. Работа должна делиться на шарды без транзакций между ними. Перезапущенный узел получает свои шарды обратно только при ребалансировке (в Kafka это выборы предпочтительного лидера).',
        },
      },
    },
    // external-scheduler
    {
      id: 'matrix.external-scheduler',
      name: 'Внешний планировщик (CronJob)',
      how: 'Без выборов: планировщик вне приложения (CronJob в Kubernetes) запускает один прогон на слот; инстансы приложения никаких job-ов не запускают.',
      source:
        'Документация Kubernetes, CronJob (concurrency policy, startingDeadlineSeconds); kubernetes pkg/controller/cronjob/cronjob_controllerv2.go и utils.go',
      cells: {
        safety: {
          rating: 'good',
          text: 'Один Job на слот: его имя — минута слота, поэтому второй Create получает 409 AlreadyExists, а Forbid пропускает слот, пока идёт прогон. Сам код признаёт, что при устаревшем кэше два прогона под Forbid всё же могут пересечься.',
        },
        failover: {
          rating: 'fair',
          text: 'Между инстансами переключать нечего. Слот, пропущенный планировщиком, запускается, когда тот вернётся, с опозданием, если это в пределах startingDeadlineSeconds; позже — прогон пропускается без всякого события.',
        },
        messages: {
          rating: 'good',
          text: 'Между инстансами — ни одного. Несколько вызовов API на слот: прочитать CronJob, создать Job, обновить его status.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Планировщик, который сам отказоустойчив: control plane Kubernetes (kube-controller-manager выбирает своего лидера через Lease). Обычный cron на одном хосте — единая точка отказа.',
        },
        ops: {
          rating: 'good',
          text: 'В приложении нет кода выборов. Следите за самим job-ом, а не за планировщиком: status.lastSuccessfulTime и startingDeadlineSeconds с запасом на простой.',
        },
      },
    },
    // skip-locked
    {
      id: 'matrix.skip-locked',
      name: 'SKIP LOCKED (без лидера)',
      how: 'Никаких выборов: каждый worker берёт одну строку job-а через SELECT … FOR UPDATE SKIP LOCKED и выполняет его в этой транзакции; блокировка строки держится до COMMIT или отката.',
      source:
        'PostgreSQL docs: SELECT, The Locking Clause (SKIP LOCKED); 13.3.2 Row-Level Locks; Frontend/Backend Protocol, Termination; microservices.io, Transactional outbox',
      cells: {
        safety: {
          rating: 'good',
          text: 'Job фиксируется один раз: его строку блокирует одна транзакция, а транзакция упавшего worker-а откатывается и никогда не фиксируется. Побочный эффект вне базы (письмо) всё же может случиться дважды: запишите его строкой outbox в той же транзакции или передавайте ключ идемпотентности.',
        },
        failover: {
          rating: 'fair',
          text: 'Выбирать некого: остальные worker-ы продолжают сразу. Job погибшего worker-а ждёт, пока сервер не разорвёт его соединение: TCP keepalive (в Linux по умолчанию два часа) или idle_in_transaction_session_timeout — настройте одно из них.',
        },
        messages: {
          rating: 'good',
          text: 'Один SELECT и один COMMIT на job плюс опрос, пока очередь пуста; никаких heartbeat между worker-ами.',
        },
        dependencies: {
          rating: 'good',
          text: 'Тот PostgreSQL, который у приложения уже есть (9.5 или новее); никакого сервиса координации.',
        },
        ops: {
          rating: 'good',
          text: 'Масштабируется запуском новых worker-ов; на этом построены graphile-worker, Oban, Que и solid_queue. Следите за длинными транзакциями: job держит соединение, пока работает.',
        },
      },
    },
  ],
  decision: {
    id: 'decision',
    summary:
      'Выбирать координатора через lease в etcd (ключ захватывается через compare-and-swap) и выдавать каждому лидерству fencing token, который проверяет каждый защищённый ресурс.',
    reasons: [
      'CAS проходит через собственный кворум Raft в etcd: два узла никогда не могут одновременно держать ключ лидера.',
      'Lease сам освобождает роль, когда лидер умирает: никакого флага «я лидер», который держит мертвец.',
      'Fencing token увеличивается в той же транзакции, которая захватывает ключ, и останавливает лидера, который был на паузе или отрезан дольше TTL: его записи отвергаются там, куда они приходят.',
      'etcd уже решён и оттестирован: свой Raft мы не пишем.',
    ],
    rejected:
      'Bully, Ring, только heartbeat и gossip выбирают двух лидеров при разделении сети. Raft внутри нашего сервиса безопасен, но тогда консенсус пришлось бы строить и эксплуатировать самим; вместо этого мы получаем его через etcd. Lease без fencing оставляет открытой дыру с GC-паузой.',
  },
  whenNot: {
    id: 'when-not',
    intro:
      'Leader election даёт одного координатора ценой окна failover, store, который надо эксплуатировать, и fencing на каждом ресурсе. Часто работе вообще не нужен единственный координатор.',
    items: [
      {
        id: 'when-not.sharded-leadership',
        title: 'Лидерство по шардам',
        text: 'Разбейте работу на шарды, у каждого свой лидер (лидеры партиций в Kafka, primary шардов в MongoDB): упавший узел останавливает только свои шарды, остальные продолжают писать.',
      },
      {
        id: 'when-not.optimistic-concurrency',
        title: 'Оптимистическая блокировка',
        text: 'Пусть пробует любой инстанс, а запись зависит от столбца версии (UPDATE … WHERE version = $прочитанная): из двух одновременных писателей строку меняет один, второй получает конфликт и повторяет попытку. Kubernetes делает так с каждым объектом: resourceVersion и 409 Conflict.',
      },
      {
        id: 'when-not.skip-locked',
        title: 'SELECT … FOR UPDATE SKIP LOCKED',
        text: 'Таблица job-ов как очередь: каждый worker в своей транзакции блокирует следующую свободную строку и пропускает заблокированные. Каждый job фиксируется один раз, работа идёт параллельно, лидера нет; побочному эффекту до COMMIT всё равно нужен outbox или ключ идемпотентности.',
      },
      {
        id: 'when-not.stateless',
        title: 'Инстансы без состояния',
        text: 'Если любой запрос может уйти на любой инстанс, а состояние живёт в базе, выбирать некого: запустите N копий за балансировщиком. Истории для этого случая в лаборатории нет: координировать нечего, и показывать, как что-то ломается, тоже нечего.',
      },
      {
        id: 'when-not.external-scheduler',
        title: 'Внешний планировщик',
        text: 'Вынесите периодический job из приложения: CronJob в Kubernetes (или облачный планировщик) запускает один прогон на слот, а инстансы приложения не делают ничего особенного. Проверяйте, что job отработал, и давайте startingDeadlineSeconds запас на простой.',
      },
      {
        id: 'when-not.crdts',
        title: 'CRDT',
        text: 'Типы данных, чьи одновременные изменения сливаются сами (счётчики, множества, регистры с правилом слияния): каждая реплика принимает записи, и все сходятся без координатора и без потерянных обновлений. Истории про CRDT в лаборатории нет: она моделирует выборы и их сбои, а не реплицируемые типы данных.',
      },
    ],
  },
  consequences: [
    {
      id: 'consequence.failover-ttl',
      title: 'Failover ограничен TTL',
      text: 'Между падением лидера и истечением его lease лидера нет (обычно 15–30 с). Более короткий TTL ускоряет failover, но тогда лидера переизбирают при каждом сетевом glitch или GC-паузе; продлевайте lease с запасом внутри TTL (Patroni: loop_wait + 2 × retry_timeout ≤ ttl).',
    },
    {
      id: 'consequence.etcd-ha',
      title: 'etcd должен быть высокодоступным',
      text: 'Если store упал или потерял кворум, никто не может лидировать и записи останавливаются: лучше, чем split-brain, но etcd запускайте из 3 или 5 участников. Нечётное число, потому что 4-й участник поднимает кворум до 3, а переживает кластер по-прежнему только один отказ.',
    },
    {
      id: 'consequence.heartbeat-traffic',
      title: 'Трафик к store растёт с числом кандидатов',
      text: 'Владелец продлевает lease раз в несколько секунд, а каждый кандидат опрашивает ключ или следит за ним. На больших парках делите ключи лидерства на шарды: один лидер на шард.',
    },
    {
      id: 'consequence.fencing-resource',
      title: 'Каждый защищённый ресурс обязан проверять token',
      text: 'Хранилище помнит наибольший принятый token и отвергает меньшие с 409 STALE TOKEN. Побочный эффект, который не может проверить token (e-mail, вызов платёжного API), остаётся незащищённым: сделайте его идемпотентным и перепроверяйте lease перед действием.',
    },
  ],
  sources: [
    'H. Garcia-Molina, «Elections in a Distributed Computing System», IEEE Trans. Computers, 1982.',
    'E. Chang, R. Roberts, «An improved algorithm for decentralized extrema-finding in circular configurations of processes», CACM, 1979.',
    'D. Ongaro, J. Ousterhout, «In Search of an Understandable Consensus Algorithm» (Raft), 2014.',
    'etcd v3 API и concurrency.Election; Kubernetes client-go leaderelection; документация Patroni.',
    'M. Kleppmann, «How to do distributed locking», 2016.',
  ],
};
